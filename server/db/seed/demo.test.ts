import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openTestDatabase } from '../../../tests/helpers/db';
import { invitationCodes, promoCodes } from '../schema';
import { loadDemoData } from './demo';

test('demo data carries the referral code FRIEND2026 and the promotions SPRING10 and WELCOME20, valid for years', async () => {
  const database = await openTestDatabase();
  try {
    const now = new Date();
    assert.equal(await loadDemoData(database.db, now), true);
    const invitations = await database.db.select().from(invitationCodes);
    assert.deepEqual(
      invitations.map((c) => [c.code, c.discountBps, c.active]),
      [['FRIEND2026', 500, true]],
    );
    const promos = await database.db.select().from(promoCodes).orderBy(promoCodes.code);
    assert.deepEqual(
      promos.map((p) => [p.code, p.discountBps, p.amountFen]),
      [
        ['SPRING10', 1000, null],
        ['WELCOME20', null, 2000],
      ],
    );
    const inFourYears = new Date(now.getTime() + 4 * 365 * 86_400_000);
    assert.ok(promos.every((p) => p.validFrom <= now && p.validUntil > inFourYears));
  } finally {
    await database.close();
  }
});
