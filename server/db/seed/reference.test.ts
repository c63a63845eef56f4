import assert from 'node:assert/strict';
import { test } from 'node:test';
import { count } from 'drizzle-orm';
import { createTestApp, dataOf } from '../../../tests/helpers/app';
import { createCenterExam, readyCenter } from '../../../tests/helpers/center';
import { openBlankDatabase } from '../../../tests/helpers/db';
import { loadConfig } from '../../config';
import { prepareDatabase } from '../../plugins/database';
import { categories, exams, organizations, provinces } from '../schema';

test('a deployment without demo data starts with categories and organizations, and a center can create an exam', async () => {
  const database = await openBlankDatabase();
  // As `npm start` on PostgreSQL: DATABASE_URL set, DEMO_DATA not, so no demo data.
  const config = loadConfig({ DATABASE_URL: 'postgres://deployment.invalid/exam' });
  assert.equal(config.demoData, false);
  try {
    await prepareDatabase(database, config);
    const t = await createTestApp({ database });
    try {
      assert.equal((await database.db.select({ n: count() }).from(exams))[0]?.n, 0, 'no demo exams');
      const listed = dataOf('categories', await t.app.inject({ url: '/api/front/categories' }));
      assert.equal(listed.length, 6);
      const listedOrganizations = dataOf('organizations', await t.app.inject({ url: '/api/front/organizations' }));
      assert.equal(listedOrganizations.length, 3);

      const center = await readyCenter(t);
      const sports = listed.find((category) => category.code === 'sports');
      assert.ok(sports);
      const exam = await createCenterExam(t, center.auth, sports.id, {
        organizationId: listedOrganizations[0]?.id,
      });
      assert.equal(exam.category.code, 'sports');
      assert.equal(exam.organization?.id, listedOrganizations[0]?.id);
    } finally {
      await t.close();
    }

    // A restart loads nothing twice.
    await prepareDatabase(database, config);
    const rows = async (table: typeof categories | typeof organizations | typeof provinces) =>
      (await database.db.select({ n: count() }).from(table))[0]?.n;
    assert.deepEqual([await rows(categories), await rows(organizations), await rows(provinces)], [6, 3, 31]);
  } finally {
    await database.close();
  }
});
