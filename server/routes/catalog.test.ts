import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { City } from '../../contract/catalog';
import { createTestApp, dataOf, envelope, type TestApp } from '../../tests/helpers/app';
import { insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { cities } from '../db/schema';
import { loadReferenceData } from '../db/seed/reference';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY = 86_400_000;

let t: TestApp;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
/** Exams in start order, as the listing must answer them. */
const open: { id: string; code: string }[] = [];
let closedId = '';
let canceledId = '';

before(async () => {
  t = await createTestApp();
  const db = t.database.db;
  basics = await insertCatalogBasics(db);
  const { category, otherCategory, beijing, shenzhen } = basics;
  // Fixed instants: 2 Mar 2099 09:00 and 3 Mar 2099 07:30 in Shanghai (the latter is 2 Mar 23:30 UTC).
  const mar2 = new Date('2099-03-02T09:00:00+08:00');
  const mar3Early = new Date('2099-03-03T07:30:00+08:00');
  const swim = await insertExam(db, beijing, category.id, {
    startsAt: mar2,
    code: 'SWIM-L1-2099',
    nameZh: '游泳一级',
    nameEn: 'Swimming Level 1',
  });
  const hsk = await insertExam(db, shenzhen, otherCategory.id, {
    startsAt: mar3Early,
    code: 'HSK-4-2099',
    nameZh: '汉语水平考试四级',
    nameEn: 'HSK Level 4',
    accessCode: 'SECRET',
    organizationId: basics.organization.id,
  });
  for (let i = 0; i < 12; i++) {
    const exam = await insertExam(db, beijing, category.id, {
      startsAt: new Date(mar3Early.getTime() + (i + 1) * DAY),
      code: `RUN-${String(i).padStart(2, '0')}`,
      nameEn: `Running ${i}`,
      seatsTaken: i,
    });
    open.push(exam);
  }
  open.unshift(swim, hsk);
  // Relative to the app's clock, which is frozen at its creation.
  const now = t.clock.now.getTime();
  closedId = (
    await insertExam(db, beijing, category.id, {
      startsAt: new Date(now + 3 * DAY),
      registrationEndsAt: new Date(now - 1000),
      code: 'CLOSED',
    })
  ).id;
  canceledId = (
    await insertExam(db, beijing, category.id, {
      startsAt: new Date(now + 9 * DAY),
      code: 'CANCELED',
      status: 'canceled',
    })
  ).id;
  await insertExam(db, beijing, category.id, { startsAt: new Date(now + 9 * DAY), code: 'DRAFT', status: 'inactive' });
});
after(() => t.close());

const exams = async (query: string) => dataOf('exams', await t.app.inject({ url: `/api/front/exams?${query}` }));

describe('regions and categories', () => {
  test('provinces: the 31 mainland provinces with English names', async () => {
    const provinces = dataOf('provinces', await t.app.inject({ url: '/api/province' }));
    assert.equal(provinces.length, 31);
    assert.deepEqual(
      provinces.find((p) => p.code === '44'),
      { code: '44', name: '广东省', nameEn: 'Guangdong' },
    );
    assert.ok(provinces.every((p) => p.nameEn && p.nameEn !== p.name));
  });

  test('cities of a province; a municipality is one city named after itself', async () => {
    const guangdong = dataOf('cities', await t.app.inject({ url: '/api/city?q=44' }));
    assert.ok(guangdong.some((c) => c.code === '4403' && c.name === '深圳市'));
    assert.ok(guangdong.every((c) => c.provinceCode === '44'));
    for (const [code, name] of [
      ['11', '北京市'],
      ['12', '天津市'],
      ['31', '上海市'],
      ['50', '重庆市'],
    ]) {
      const cities = dataOf('cities', await t.app.inject({ url: `/api/city?q=${code}` }));
      assert.deepEqual(
        cities.map((c) => c.name),
        [name],
      );
    }
  });

  test('every city has an English name for the English UI, in Latin letters', async () => {
    const provinces = dataOf('provinces', await t.app.inject({ url: '/api/province' }));
    const all: City[] = [];
    for (const province of provinces) {
      all.push(...dataOf('cities', await t.app.inject({ url: `/api/city?q=${province.code}` })));
    }
    assert.ok(all.length > 300);
    const unlatin = all.filter((city) => !/^[A-Z][A-Za-z' êü-]+$/.test(city.nameEn)).map((city) => city.name);
    assert.deepEqual(unlatin, []);
    const english = (code: string) => all.find((city) => city.code === code)?.nameEn;
    assert.equal(english('1101'), 'Beijing');
    assert.equal(english('6101'), "Xi'an");
    assert.equal(english('4403'), 'Shenzhen');
    assert.equal(english('2224'), 'Yanbian Korean Autonomous Prefecture');
    assert.equal(english('6531'), 'Kashgar Prefecture');
  });

  test('a deployment older than the English city names gets them at its next start', async () => {
    const db = t.database.db;
    await db.update(cities).set({ nameEn: '' }).where(eq(cities.provinceCode, '44'));
    await loadReferenceData(db);
    const guangdong = dataOf('cities', await t.app.inject({ url: '/api/city?q=44' }));
    assert.equal(guangdong.find((city) => city.code === '4401')?.nameEn, 'Guangzhou');
    assert.ok(guangdong.every((city) => city.nameEn !== ''));
  });

  test('cities without a valid province code answer VALIDATION_FAILED', async () => {
    for (const url of ['/api/city', '/api/city?q=4', '/api/city?q=guangdong']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED');
    }
    assert.deepEqual(dataOf('cities', await t.app.inject({ url: '/api/city?q=99' })), []);
  });

  test('categories with both names', async () => {
    const categories = dataOf('categories', await t.app.inject({ url: '/api/front/categories' }));
    assert.deepEqual(
      categories.map((c) => [c.code, c.name.en]),
      [
        ['computer', 'Computer skills'],
        ['finance', 'Accounting and finance'],
        ['language', 'Language proficiency'],
        ['music', 'Music and arts'],
        ['safety', 'Safety and first aid'],
        ['sports', 'Sports'],
      ],
    );
    assert.deepEqual(categories.find((c) => c.code === 'sports')?.name, { zh: '体育运动', en: 'Sports' });
    assert.ok(categories.every((c) => UUID.test(c.id)));
  });
});

describe('GET /api/front/exams', () => {
  test('open exams soonest first, ten per page by default, UUID v7 ids', async () => {
    const page = await exams('');
    assert.equal(page.total, open.length);
    assert.equal(page.current, 1);
    assert.equal(page.pageSize, 10);
    assert.deepEqual(
      page.list.map((e) => e.id),
      open.slice(0, 10).map((e) => e.id),
    );
    assert.ok(page.list.every((e) => UUID.test(e.id) && UUID.test(e.center.id) && UUID.test(e.category.id)));
  });

  test('closed, canceled and unpublished exams are not listed', async () => {
    const ids = (await exams('pageSize=100')).list.map((e) => e.id);
    assert.ok(!ids.includes(closedId));
    assert.ok(!ids.includes(canceledId));
    assert.ok(!(await exams('q=DRAFT')).total);
  });

  test('paging: the second page continues where the first ended', async () => {
    const second = await exams('current=2&pageSize=5');
    assert.equal(second.current, 2);
    assert.deepEqual(
      second.list.map((e) => e.id),
      open.slice(5, 10).map((e) => e.id),
    );
    const beyond = await exams('current=9&pageSize=5');
    assert.equal(beyond.list.length, 0);
    assert.equal(beyond.total, open.length);
  });

  test('an exam answers everything the card and booking need, never the access code', async () => {
    const [, hsk] = (await exams('pageSize=2')).list;
    assert.ok(hsk);
    assert.equal(hsk.code, 'HSK-4-2099');
    assert.deepEqual(hsk.name, { zh: '汉语水平考试四级', en: 'HSK Level 4' });
    assert.equal(hsk.requiresAccessCode, true);
    assert.equal(hsk.organization?.name.en, 'Test Association');
    assert.deepEqual(hsk.province, { code: '44', name: '广东省', nameEn: 'Guangdong' });
    assert.deepEqual(hsk.city, { code: '4403', name: '深圳市', nameEn: 'Shenzhen', provinceCode: '44' });
    assert.equal(hsk.timeZone, 'Asia/Shanghai');
    assert.equal(hsk.arrivalLeadMinutes, 30);
    assert.equal(new Date(hsk.startsAt).toISOString(), '2099-03-02T23:30:00.000Z');
    assert.ok(!JSON.stringify(hsk).includes('SECRET'));
    const run3 = (await exams('q=RUN-03')).list[0];
    assert.equal(run3?.seatsLeft, 27);
  });

  test('filter by category code or id', async () => {
    assert.deepEqual(
      (await exams('category=language')).list.map((e) => e.code),
      ['HSK-4-2099'],
    );
    assert.equal((await exams(`category=${basics.category.id}`)).total, open.length - 1);
    assert.equal((await exams('category=nonexistent')).total, 0);
  });

  test('filter by province and city', async () => {
    assert.deepEqual(
      (await exams('province=44')).list.map((e) => e.code),
      ['HSK-4-2099'],
    );
    assert.equal((await exams('city=1101')).total, open.length - 1);
    assert.equal((await exams('city=3101')).total, 0);
  });

  test('search q matches either name or the code, case-insensitively, with no wildcard injection', async () => {
    assert.deepEqual(
      (await exams('q=swimming')).list.map((e) => e.code),
      ['SWIM-L1-2099'],
    );
    assert.deepEqual(
      (await exams(`q=${encodeURIComponent('水平')}`)).list.map((e) => e.code),
      ['HSK-4-2099'],
    );
    assert.deepEqual(
      (await exams('q=hsk-4')).list.map((e) => e.code),
      ['HSK-4-2099'],
    );
    assert.equal((await exams('q=%25')).total, 0);
  });

  test('from/to are calendar days in Asia/Shanghai', async () => {
    // The HSK exam is on 3 March in Shanghai although 2 March in UTC.
    assert.deepEqual(
      (await exams('from=2099-03-03&to=2099-03-03')).list.map((e) => e.code),
      ['HSK-4-2099'],
    );
    assert.deepEqual(
      (await exams('from=2099-03-02&to=2099-03-02')).list.map((e) => e.code),
      ['SWIM-L1-2099'],
    );
    assert.equal((await exams('from=2099-03-05')).total, open.length - 3);
  });

  test('bad query values answer VALIDATION_FAILED with the field', async () => {
    for (const [query, field] of [
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['current=abc', 'current'],
      ['province=4', 'province'],
      ['from=03/02/2099', 'from'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/front/exams?${query}` });
      assert.equal(res.statusCode, 400, query);
      assert.equal(envelope(res).details?.[0]?.path, field);
    }
  });
});

describe('GET /api/front/exams/:id', () => {
  test('answers one exam by id, also after its registration closed', async () => {
    const exam = dataOf('exam', await t.app.inject({ url: `/api/front/exams/${open[0]?.id}` }));
    assert.equal(exam.code, 'SWIM-L1-2099');
    assert.equal(dataOf('exam', await t.app.inject({ url: `/api/front/exams/${closedId}` })).code, 'CLOSED');
  });

  test('an unknown id answers 404 NOT_FOUND, a malformed one 400', async () => {
    const unknown = await t.app.inject({ url: '/api/front/exams/01890a5d-ac96-774b-bcce-b302099a8057' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).errorCode, 'NOT_FOUND');
    const malformed = await t.app.inject({ url: '/api/front/exams/42' });
    assert.equal(malformed.statusCode, 400);
    assert.equal(envelope(malformed).errorCode, 'VALIDATION_FAILED');
  });
});
