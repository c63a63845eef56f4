import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDatabase } from '../../../tests/helpers/db';
import { promotions } from '../schema';
import { loadDemoData } from './demo';

test('demo data carries the referral code FRIEND2026 and the promotions SPRING10 and WELCOME20, valid for years', async () => {
  const database = await openTestDatabase();
  try {
    const now = new Date();
    assert.equal(await loadDemoData(database.db, now), true);
    const promos = await database.db.select().from(promotions).orderBy(promotions.code);
    assert.deepEqual(
      promos.map((p) => [p.code, p.kind, p.discountBps, p.amountFen, p.active]),
      [
        ['FRIEND2026', 'invitation', 500, null, true],
        ['SPRING10', 'promotion', 1000, null, true],
        ['WELCOME20', 'promotion', null, 2000, true],
      ],
    );
    const inFourYears = new Date(now.getTime() + 4 * 365 * 86_400_000);
    assert.ok(promos.every((p) => p.validFrom <= now && p.validUntil > inFourYears));
  } finally {
    await database.close();
  }
});
