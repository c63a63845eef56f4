import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import { dataOf, envelope, type TestApp } from '../../tests/helpers/app';
import { type insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { openConsoleApp } from '../../tests/helpers/ops';
import { auditLog, categories } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, item 4: operators keep the catalog (categories and organizations), each change audited. */

let t: TestApp;
let operator: { authorization: string };
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;

before(async () => {
  ({ t, basics, operator } = await openConsoleApp(['catalog']));
});
after(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: operator, payload });
const rowsOf = async (action: string, targetId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action as 'category.create'), eq(auditLog.targetId, targetId)))
  )[0]?.n ?? 0;

describe('categories', () => {
  test('a new category is offered to centers at once; renamed and retired, it leaves audit rows', async () => {
    const created = await call('POST', '/api/ops/categories', { code: 'chess', name: { zh: '国际象棋', en: 'Chess' } });
    assert.equal(created.statusCode, 200, created.body);
    const category = dataOf('opsCreateCategory', created);
    assert.deepEqual(category, {
      id: category.id,
      code: 'CHESS',
      name: { zh: '国际象棋', en: 'Chess' },
      status: 'active',
      examCount: 0,
    });
    const offered = dataOf('categories', await t.app.inject({ url: '/api/front/categories' }));
    assert.ok(offered.some((c) => c.id === category.id));
    assert.equal(await rowsOf('category.create', category.id), 1);

    const renamed = dataOf(
      'opsUpdateCategory',
      await call('PUT', `/api/ops/categories/${category.id}`, { name: { zh: '象棋', en: 'Chess (FIDE)' } }),
    );
    assert.deepEqual(renamed.name, { zh: '象棋', en: 'Chess (FIDE)' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.update'), eq(auditLog.targetId, category.id)));
    assert.deepEqual(row?.before, { name: { zh: '国际象棋', en: 'Chess' }, status: 'active' });
    assert.deepEqual(row?.after, { name: { zh: '象棋', en: 'Chess (FIDE)' }, status: 'active' });

    const retired = dataOf('opsRetireCategory', await call('POST', `/api/ops/categories/${category.id}/retire`));
    assert.equal(retired.status, 'retired');
    const again = dataOf('opsRetireCategory', await call('POST', `/api/ops/categories/${category.id}/retire`));
    assert.equal(again.status, 'retired');
    assert.equal(await rowsOf('category.retire', category.id), 1, 'retiring twice changes nothing the second time');
    const stillOffered = dataOf('categories', await t.app.inject({ url: '/api/front/categories' }));
    assert.ok(!stillOffered.some((c) => c.id === category.id));
    const retiredList = dataOf('opsCategories', await call('GET', '/api/ops/categories?status=retired'));
    assert.ok(retiredList.list.some((c) => c.id === category.id));
  });

  test('a category in use shows how many exams name it', async () => {
    await insertExam(t.database.db, basics.beijing, basics.category.id, {
      startsAt: new Date(t.clock.now.getTime() + 864e6),
    });
    const page = dataOf(
      'opsCategories',
      await call('GET', `/api/ops/categories?q=${basics.category.code}&pageSize=100`),
    );
    const inUse = page.list.find((c) => c.id === basics.category.id);
    assert.ok(inUse && inUse.examCount >= 1, JSON.stringify(page.list));
  });

  test('bad changes are refused with their reason and write nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(categories);
    const auditBefore = await t.database.db.select({ n: count() }).from(auditLog);
    const cases: [string, string, object | undefined, number, string][] = [
      [
        'POST',
        '/api/ops/categories',
        { code: basics.category.code, name: { zh: '重复', en: 'Again' } },
        409,
        'CATEGORY_CODE_TAKEN',
      ],
      [
        'POST',
        '/api/ops/categories',
        { code: 'has space', name: { zh: '空格', en: 'Space' } },
        400,
        'VALIDATION_FAILED',
      ],
      ['POST', '/api/ops/categories', { code: 'NONAME', name: { zh: '', en: 'No Chinese' } }, 400, 'VALIDATION_FAILED'],
      [
        'POST',
        '/api/ops/categories',
        { code: 'EXTRA', name: { zh: '多', en: 'Extra' }, extra: 1 },
        400,
        'VALIDATION_FAILED',
      ],
      ['PUT', `/api/ops/categories/${uuidv7()}`, { name: { zh: '无', en: 'None' } }, 404, 'NOT_FOUND'],
      ['POST', `/api/ops/categories/${uuidv7()}/retire`, undefined, 404, 'NOT_FOUND'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const res = await call(method as 'POST', url, payload);
      assert.equal(res.statusCode, status, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(envelope(res).errorCode, code);
    }
    assert.deepEqual(await t.database.db.select({ n: count() }).from(categories), before);
    assert.deepEqual(await t.database.db.select({ n: count() }).from(auditLog), auditBefore);
  });
});

describe('organizations', () => {
  test('added, renamed and retired with audit rows; a retired one is no longer offered to profiles', async () => {
    const created = dataOf(
      'opsCreateOrganization',
      await call('POST', '/api/ops/organizations', { name: { zh: '棋院', en: 'Chess Academy' } }),
    );
    assert.equal(created.status, 'active');
    assert.equal(created.memberCount, 0);
    const offered = dataOf('organizations', await t.app.inject({ url: '/api/front/organizations' }));
    assert.ok(offered.some((o) => o.id === created.id));
    const renamed = dataOf(
      'opsUpdateOrganization',
      await call('PUT', `/api/ops/organizations/${created.id}`, {
        name: { zh: '中国棋院', en: 'China Chess Academy' },
      }),
    );
    assert.equal(renamed.name.en, 'China Chess Academy');
    await call('POST', `/api/ops/organizations/${created.id}/retire`);
    const after = dataOf('organizations', await t.app.inject({ url: '/api/front/organizations' }));
    assert.ok(!after.some((o) => o.id === created.id));
    for (const action of ['organization.create', 'organization.update', 'organization.retire']) {
      assert.equal(await rowsOf(action, created.id), 1, action);
    }
    const empty = await call('POST', '/api/ops/organizations', { name: { zh: ' ', en: 'Blank' } });
    assert.equal(empty.statusCode, 400);
  });
});
