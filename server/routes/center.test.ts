import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { LICENSE_MAX_BYTES, REQUIRED_CENTER_FIELDS } from '../../contract';
import { dataOf, envelope, loginAs, multipart, openFileApp, sendJsonText, type TestApp } from '../../tests/helpers/app';
import { book, nextPhone, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import {
  createCenterExam,
  examDraft,
  pdf,
  png,
  profileBody,
  readyCenter,
  taxId,
  uploadDocument,
} from '../../tests/helpers/center';
import { type CatalogBasics, idCardNumber, insertResult, userIdOf } from '../../tests/helpers/fixtures';
import { categories, exams, organizations, registrations, testCenters, users } from '../db/schema';
import { uuidv7 } from '../ids';

const DAY = 86_400_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Auth = Record<string, string>;

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth = {}, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const get = (url: string, auth: Auth = {}) => send('GET', url, auth);

function assertError(res: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(envelope(res as never).errorCode, code, res.body);
}

const newExam = (auth: Auth, fields: Record<string, unknown> = {}) =>
  createCenterExam(t, auth, basics.category.id, fields);

const draft = (fields: Record<string, unknown> = {}) => examDraft(t, basics.category.id, fields);

/** A candidate with a paid registration for the exam (booked a second after the last, paid in the sandbox wallet). */
async function paidCandidate(examId: string, options: { name?: string; accessCode?: string } = {}) {
  const candidate = await readyCandidate(t, options);
  t.clock.advance(1000);
  const booked = await book(t, candidate.headers, examId, { accessCode: options.accessCode });
  await payInWallet(t, booked.order.id);
  return { ...candidate, booked };
}

describe('access: test centers only, and only their own exams', () => {
  test('anonymous 401, candidate and examiner 403 TEST_CENTERS_ONLY, another center 404 on every endpoint', async () => {
    const owner = await readyCenter(t);
    const exam = await newExam(owner.auth);
    const other = await readyCenter(t);
    const candidate = await loginAs(t, nextPhone());
    const examiner = await loginAs(t, nextPhone(), 'examiner');
    const examinerId = uuidv7();
    const examEndpoints: [string, string, unknown?][] = [
      ['GET', `/api/center/exams/${exam.id}`],
      ['PUT', `/api/center/exams/${exam.id}`, draft()],
      ['POST', `/api/center/exams/${exam.id}/cancel`],
      ['GET', `/api/center/exams/${exam.id}/roster`],
      ['GET', `/api/center/exams/${exam.id}/roster.xlsx`],
      ['GET', `/api/center/exams/${exam.id}/examiners`],
      ['POST', `/api/center/exams/${exam.id}/examiners`, { phone: '13900001111' }],
      ['DELETE', `/api/center/exams/${exam.id}/examiners/${examinerId}`],
    ];
    const everyEndpoint: [string, string, unknown?][] = [
      ['GET', '/api/center/profile'],
      ['PUT', '/api/center/profile', profileBody(uuidv7())],
      ['POST', '/api/center/profile/license'],
      ['POST', '/api/center/profile/logo'],
      ['GET', '/api/center/exams'],
      ['POST', '/api/center/exams', draft()],
      ['GET', `/api/center/documents/${owner.profile.licenseId}`],
      ...examEndpoints,
    ];
    for (const [method, url, body] of everyEndpoint) {
      const as = (auth: Auth) => send(method as 'GET', url, auth, body);
      assertError(await as({}), 401, 'UNAUTHORIZED');
      assertError(await as({ authorization: 'Bearer not-a-token' }), 401, 'UNAUTHORIZED');
      assertError(await as(candidate), 403, 'TEST_CENTERS_ONLY');
      assertError(await as(examiner), 403, 'TEST_CENTERS_ONLY');
    }
    for (const [method, url, body] of examEndpoints) {
      assertError(await send(method as 'GET', url, other.auth, body), 404, 'NOT_FOUND');
    }
    // Nothing the other center tried changed the exam.
    const still = dataOf('centerExam', await get(`/api/center/exams/${exam.id}`, owner.auth));
    assert.equal(still.status, 'active');
    assert.equal(still.name.en, 'Center exam');
    assert.equal(still.examiners, 0);
    assertError(await get(`/api/center/documents/${owner.profile.licenseId}`, other.auth), 404, 'NOT_FOUND');
  });

  test('a center without a profile has no exams: its list is empty and exam ids are not found', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const list = dataOf('centerExams', await get('/api/center/exams', auth));
    assert.deepEqual(list, { list: [], total: 0, current: 1, pageSize: 10 });
    assertError(await get(`/api/center/exams/${uuidv7()}`, auth), 404, 'NOT_FOUND');
    assertError(await send('POST', `/api/center/exams/${uuidv7()}/cancel`, auth), 404, 'NOT_FOUND');
  });

  test('malformed exam ids answer 400 naming the id', async () => {
    const { auth } = await readyCenter(t);
    const res = await get('/api/center/exams/not-a-uuid', auth);
    assertError(res, 400, 'VALIDATION_FAILED');
    assert.equal(envelope(res).details?.[0]?.path, 'id');
    const file = await get('/api/center/exams/not-a-uuid/roster.xlsx', auth);
    assertError(file, 400, 'VALIDATION_FAILED');
    assert.equal(envelope(file).details?.[0]?.path, 'id');
  });
});

describe('center profile', () => {
  test('a new center starts empty, missing every required field', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const profile = dataOf('centerProfile', await get('/api/center/profile', auth));
    assert.equal(profile.complete, false);
    assert.equal(profile.businessName, '');
    assert.equal(profile.licenseUrl, null);
    assert.deepEqual(profile.missing, [...REQUIRED_CENTER_FIELDS]);
  });

  test('saving creates the center: names and address in both languages, phone in E.164, complete', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const license = dataOf('uploadLicense', await uploadDocument(t, auth, 'license', await png()));
    const logo = dataOf('uploadLogo', await uploadDocument(t, auth, 'logo', await png(40, 40), 'logo.png'));
    const body = profileBody(license.id, { logoId: logo.id, taxId: taxId().toLowerCase(), capacity: 80 });
    const saved = dataOf('saveCenterProfile', await send('PUT', '/api/center/profile', auth, body));
    assert.equal(saved.complete, true);
    assert.deepEqual(saved.missing, []);
    assert.equal(saved.taxId, taxId());
    assert.equal(saved.contactPhone, '+8613800138000');
    assert.equal(saved.licenseContentType, 'image/png');
    assert.equal(saved.licenseUrl, license.url);
    assert.equal(saved.logoUrl, logo.url);
    assert.deepEqual(dataOf('centerProfile', await get('/api/center/profile', auth)), saved);

    const [row] = await t.database.db.select().from(testCenters).where(eq(testCenters.licenseId, license.id));
    assert.equal(row?.nameZh, '北京海淀考试中心');
    assert.equal(row?.nameEn, '北京海淀考试中心');
    assert.equal(row?.addressEn, '北京市海淀区中关村大街 1 号');
    assert.equal(row?.capacity, 80);

    // A second save updates the same center; a missing logo means none.
    const again = dataOf(
      'saveCenterProfile',
      await send('PUT', '/api/center/profile', auth, profileBody(license.id, { businessName: 'Haidian Center' })),
    );
    assert.equal(again.businessName, 'Haidian Center');
    assert.equal(again.logoId, null);
    const rows = await t.database.db
      .select()
      .from(testCenters)
      .where(eq(testCenters.ownerId, row?.ownerId ?? ''));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.id, row?.id);
  });

  test('the license is served to its owner only; the logo, resized, to anyone', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const bytes = pdf();
    const license = dataOf(
      'uploadLicense',
      await uploadDocument(t, auth, 'license', bytes, 'license.pdf', 'application/pdf'),
    );
    assert.equal(license.contentType, 'application/pdf');
    const served = await get(license.url, auth);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'application/pdf');
    assert.deepEqual(served.rawPayload, bytes);
    assertError(await get(license.url), 401, 'UNAUTHORIZED');

    const logo = dataOf('uploadLogo', await uploadDocument(t, auth, 'logo', await png(2000, 1000), 'big.png'));
    assert.equal(logo.contentType, 'image/webp');
    const image = await get(logo.url);
    assert.equal(image.statusCode, 200);
    const meta = await sharp(image.rawPayload).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.width, 512);
    assert.equal(meta.height, 256);
    // A license is not a logo: its id does not serve publicly.
    assertError(await get(`/api/center/logos/${license.id}`), 404, 'NOT_FOUND');
    assertError(await get('/api/center/logos/nope'), 404, 'NOT_FOUND');
  });

  test('the license type is decided by content: a PNG named .pdf is a PNG; text named .pdf is refused', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const disguised = await uploadDocument(t, auth, 'license', await png(), 'scan.pdf', 'application/pdf');
    assert.equal(dataOf('uploadLicense', disguised).contentType, 'image/png');
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    assert.equal(dataOf('uploadLicense', await uploadDocument(t, auth, 'license', jpeg)).contentType, 'image/jpeg');

    const refused: [Buffer, string, string][] = [
      [Buffer.from('This is not a license.\n'), 'license.pdf', 'application/pdf'],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\n'), 'cut.pdf', 'application/pdf'],
      [(await png()).subarray(0, 60), 'cut.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.alloc(0), 'empty.pdf', 'application/pdf'],
    ];
    for (const [bytes, name, type] of refused) {
      assertError(await uploadDocument(t, auth, 'license', bytes, name, type), 400, 'LICENSE_INVALID');
    }
    assertError(await uploadDocument(t, auth, 'logo', pdf(), 'logo.png', 'image/png'), 400, 'IMAGE_INVALID');
  });

  test('a license of exactly 2 MB is taken; one byte more answers 413 LICENSE_TOO_LARGE', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const limit = pdf(LICENSE_MAX_BYTES);
    assert.equal(limit.length, LICENSE_MAX_BYTES);
    const taken = await uploadDocument(t, auth, 'license', limit, 'big.pdf', 'application/pdf');
    assert.equal(dataOf('uploadLicense', taken).contentType, 'application/pdf');
    const tooLarge = pdf(LICENSE_MAX_BYTES + 1);
    assertError(
      await uploadDocument(t, auth, 'license', tooLarge, 'big.pdf', 'application/pdf'),
      413,
      'LICENSE_TOO_LARGE',
    );
    const bigLogo = Buffer.concat([await png(), Buffer.alloc(LICENSE_MAX_BYTES)]);
    assertError(await uploadDocument(t, auth, 'logo', bigLogo, 'logo.png'), 413, 'IMAGE_TOO_LARGE');
  });

  test('an upload without the file field answers VALIDATION_FAILED naming file; JSON is not an upload', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const body = multipart(await png(), 'license.png', 'image/png', 'document');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/center/profile/license',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    assertError(res, 400, 'VALIDATION_FAILED');
    assert.equal(envelope(res).details?.[0]?.path, 'file');
    const json = await send('POST', '/api/center/profile/license', auth, { file: 'x' });
    assertError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('the tax ID needs its GB 32100 check character: TAX_ID_INVALID, and nothing is saved', async () => {
    const { auth, profile } = await readyCenter(t);
    const good = taxId();
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    for (const bad of [wrongCheck, good.slice(0, 17), `${good.slice(0, 16)}I${good[17]}`]) {
      const res = await send('PUT', '/api/center/profile', auth, profileBody(profile.licenseId ?? '', { taxId: bad }));
      assertError(res, 400, 'TAX_ID_INVALID');
      assert.deepEqual(envelope(res).details, [{ path: 'taxId', message: 'TAX_ID_INVALID' }]);
    }
    // With another problem too, the answer is the general one, still naming the tax ID.
    const both = await send(
      'PUT',
      '/api/center/profile',
      auth,
      profileBody(profile.licenseId ?? '', { taxId: wrongCheck, capacity: 0 }),
    );
    assertError(both, 400, 'VALIDATION_FAILED');
    assert.deepEqual(
      envelope(both)
        .details?.map((d) => d.path)
        .sort(),
      ['capacity', 'taxId'],
    );
    assert.deepEqual(dataOf('centerProfile', await get('/api/center/profile', auth)), profile);
  });

  test('bad bodies: malformed JSON, wrong types, unknown fields, phone, city, and documents not its own', async () => {
    const { auth, profile } = await readyCenter(t);
    const licenseId = profile.licenseId ?? '';
    const put = (body: unknown) => send('PUT', '/api/center/profile', auth, body);
    const raw = await sendJsonText(t, 'PUT', '/api/center/profile', auth, '{"businessName": ');
    assertError(raw, 400, 'MALFORMED_JSON');

    const wrongType = await put(profileBody(licenseId, { capacity: '100' }));
    assertError(wrongType, 400, 'VALIDATION_FAILED');
    assert.equal(envelope(wrongType).details?.[0]?.path, 'capacity');
    assertError(await put(profileBody(licenseId, { extra: 1 })), 400, 'VALIDATION_FAILED');
    assertError(await put(profileBody(licenseId, { businessName: '   ' })), 400, 'VALIDATION_FAILED');
    assertError(await put(profileBody(licenseId, { contactPhone: '12345' })), 400, 'PHONE_INVALID');
    assertError(await put(profileBody(licenseId, { cityCode: '4403' })), 400, 'CITY_INVALID');
    assertError(await put(profileBody(uuidv7())), 404, 'NOT_FOUND');

    const other = await readyCenter(t);
    assertError(await put(profileBody(other.profile.licenseId ?? '')), 404, 'NOT_FOUND');
    const logo = dataOf('uploadLogo', await uploadDocument(t, auth, 'logo', await png(), 'logo.png'));
    const logoAsLicense = await put(profileBody(logo.id));
    assertError(logoAsLicense, 404, 'NOT_FOUND');
    assert.equal(envelope(logoAsLicense).details?.[0]?.path, 'licenseId');
    const licenseAsLogo = await put(profileBody(licenseId, { logoId: licenseId }));
    assertError(licenseAsLogo, 404, 'NOT_FOUND');
    assert.equal(envelope(licenseAsLogo).details?.[0]?.path, 'logoId');

    assert.deepEqual(dataOf('centerProfile', await get('/api/center/profile', auth)), profile);
  });
});

describe('exams at the center', () => {
  test('creating needs a complete profile: CENTER_PROFILE_INCOMPLETE naming what is missing', async () => {
    const auth = await loginAs(t, nextPhone(), 'testCenter');
    const res = await send('POST', '/api/center/exams', auth, draft());
    assertError(res, 409, 'CENTER_PROFILE_INCOMPLETE');
    assert.ok(envelope(res).details?.some((d) => d.path === 'licenseId'));
  });

  test("an exam at the center's own place, open in the public catalog, with the center's view of it", async () => {
    const { auth } = await readyCenter(t, { provinceCode: '44', cityCode: '4403' });
    const exam = await newExam(auth, {
      code: 'ctr-lower-1',
      accessCode: 'OPEN-SESAME',
      organizationId: basics.organization.id,
    });
    assert.equal(exam.code, 'CTR-LOWER-1');
    assert.equal(exam.province.code, '44');
    assert.equal(exam.city.code, '4403');
    assert.equal(exam.center.name.zh, '北京海淀考试中心');
    assert.equal(exam.status, 'active');
    assert.equal(exam.arrivalLeadMinutes, 30);
    assert.equal(exam.accessCode, 'OPEN-SESAME');
    assert.equal(exam.requiresAccessCode, true);
    assert.equal(exam.organization?.id, basics.organization.id);
    assert.deepEqual(exam.counts, { pending: 0, register: 0, checkin: 0, completed: 0, canceled: 0 });
    assert.equal(exam.seatsTaken, 0);
    assert.equal(exam.resultsEntered, 0);
    assert.equal(exam.resultsPublishedAt, null);

    const publicView = dataOf('exam', await get(`/api/front/exams/${exam.id}`));
    assert.equal(publicView.code, 'CTR-LOWER-1');
    assert.equal('accessCode' in publicView, false);
    assert.deepEqual(dataOf('centerExam', await get(`/api/center/exams/${exam.id}`, auth)), exam);
  });

  test('capacity at most the center capacity; registration must end before the start; the start in the future', async () => {
    const { auth } = await readyCenter(t, { capacity: 50 });
    assert.equal((await newExam(auth, { capacity: 50 })).capacity, 50);
    assertError(
      await send('POST', '/api/center/exams', auth, draft({ capacity: 51 })),
      400,
      'EXAM_CAPACITY_EXCEEDS_CENTER',
    );

    const startsAt = new Date(t.clock.now.getTime() + 5 * DAY).toISOString();
    for (const registrationEndsAt of [startsAt, new Date(Date.parse(startsAt) + 1000).toISOString()]) {
      const res = await send('POST', '/api/center/exams', auth, draft({ startsAt, registrationEndsAt }));
      assertError(res, 400, 'REGISTRATION_ENDS_AFTER_START');
      assert.deepEqual(envelope(res).details, [
        { path: 'registrationEndsAt', message: 'REGISTRATION_ENDS_AFTER_START' },
      ]);
    }
    const past = new Date(t.clock.now.getTime() - DAY);
    const inPast = await send(
      'POST',
      '/api/center/exams',
      auth,
      draft({ startsAt: past.toISOString(), registrationEndsAt: new Date(past.getTime() - DAY).toISOString() }),
    );
    assertError(inPast, 400, 'VALIDATION_FAILED');
    assert.equal(envelope(inPast).details?.[0]?.path, 'startsAt');
  });

  test('bad drafts: malformed JSON, wrong types, unknown fields, unknown category or organization, a taken code', async () => {
    const { auth } = await readyCenter(t);
    const post = (body: unknown) => send('POST', '/api/center/exams', auth, body);
    const raw = await sendJsonText(t, 'POST', '/api/center/exams', auth, '{"code": "X"');
    assertError(raw, 400, 'MALFORMED_JSON');
    const cases: [Record<string, unknown>, string][] = [
      [{ feeFen: '100' }, 'feeFen'],
      [{ capacity: 0 }, 'capacity'],
      [{ code: 'bad code!' }, 'code'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ name: { zh: '考试' } }, 'name.en'],
      [{ categoryId: 'sports' }, 'categoryId'],
      [{ arrivalLeadMinutes: 0 }, 'arrivalLeadMinutes'],
    ];
    for (const [fields, path] of cases) {
      const res = await post(draft(fields));
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.ok(
        envelope(res).details?.some((d) => d.path === path),
        `${JSON.stringify(fields)}: ${res.body}`,
      );
    }
    assertError(await post({ ...draft(), status: 'completed' }), 400, 'VALIDATION_FAILED');
    const unknownCategory = await post(draft({ categoryId: uuidv7() }));
    assertError(unknownCategory, 400, 'VALIDATION_FAILED');
    assert.deepEqual(envelope(unknownCategory).details?.[0]?.path, 'categoryId');
    const unknownOrganization = await post(draft({ organizationId: uuidv7() }));
    assertError(unknownOrganization, 400, 'VALIDATION_FAILED');
    assert.deepEqual(envelope(unknownOrganization).details?.[0]?.path, 'organizationId');

    const first = await newExam(auth);
    assertError(await post(draft({ code: first.code.toLowerCase() })), 409, 'EXAM_CODE_TAKEN');
    const other = await readyCenter(t);
    assertError(
      await send('POST', '/api/center/exams', other.auth, draft({ code: first.code })),
      409,
      'EXAM_CODE_TAKEN',
    );
  });

  test('editing rewrites the exam; capacity stays within the center, its rooms, and at or above the seats taken', async () => {
    const { auth } = await readyCenter(t, { capacity: 60 });
    const exam = await newExam(auth, { capacity: 2, accessCode: 'CODE' });
    await paidCandidate(exam.id, { accessCode: 'CODE' });
    await paidCandidate(exam.id, { accessCode: 'CODE' });
    const put = (fields: Record<string, unknown>) =>
      send('PUT', `/api/center/exams/${exam.id}`, auth, draft({ code: exam.code, ...fields }));

    assertError(await put({ capacity: 0 }), 400, 'VALIDATION_FAILED');
    assertError(await put({ capacity: 61 }), 400, 'EXAM_CAPACITY_EXCEEDS_CENTER');
    assertError(await put({ capacity: 1 }), 409, 'EXAM_CAPACITY_BELOW_TAKEN');
    assert.equal(dataOf('updateExam', await put({ capacity: 2, accessCode: 'CODE' })).capacity, 2);

    const edited = dataOf(
      'updateExam',
      await put({ capacity: 60, feeFen: 25000, name: { zh: '改名', en: 'Renamed' }, arrivalLeadMinutes: 45 }),
    );
    assert.equal(edited.capacity, 60);
    assert.equal(edited.feeFen, 25000);
    assert.equal(edited.name.en, 'Renamed');
    assert.equal(edited.arrivalLeadMinutes, 45);
    assert.equal(edited.accessCode, null, 'a whole draft: no access code means none');
    assert.equal(edited.seatsTaken, 2);
    assert.equal(edited.counts.register, 2);

    assert.equal(dataOf('updateExam', await put({ capacity: 40 })).capacity, 40);
    const room = dataOf('createRoom', await send('POST', '/api/center/rooms', auth, { name: '101', seats: 50 }));
    await send('PUT', `/api/center/exams/${exam.id}/seating`, auth, { roomIds: [room.id], ticketsReleaseAt: null });
    assertError(await put({ capacity: 60 }), 400, 'EXAM_ROOMS_TOO_SMALL');
    assert.equal(dataOf('updateExam', await put({ capacity: 50 })).capacity, 50);

    const another = await newExam(auth);
    assertError(await put({ code: another.code }), 409, 'EXAM_CODE_TAKEN');
    assertError(await send('PUT', `/api/center/exams/${uuidv7()}`, auth, draft()), 404, 'NOT_FOUND');
  });

  test('a retired category or organization is kept by the exam that names it, and chosen by no other', async () => {
    const { auth } = await readyCenter(t);
    const category = { id: uuidv7(), code: `OLD-${process.pid}`, nameZh: '旧类别', nameEn: 'Old category' };
    const organization = { id: uuidv7(), nameZh: '旧协会', nameEn: 'Old association' };
    await t.database.db.insert(categories).values(category);
    await t.database.db.insert(organizations).values(organization);
    const named = { categoryId: category.id, organizationId: organization.id };
    const exam = await newExam(auth, named);
    const other = await newExam(auth);
    const retiredAt = t.clock.now;
    await t.database.db.update(categories).set({ retiredAt }).where(eq(categories.id, category.id));
    await t.database.db.update(organizations).set({ retiredAt }).where(eq(organizations.id, organization.id));

    const edited = await send(
      'PUT',
      `/api/center/exams/${exam.id}`,
      auth,
      draft({ code: exam.code, ...named, feeFen: 12_000 }),
    );
    assert.equal(dataOf('updateExam', edited).feeFen, 12_000);
    assert.equal(dataOf('updateExam', edited).category.id, category.id);

    assertError(
      await send('POST', '/api/center/exams', auth, draft({ categoryId: category.id })),
      400,
      'CATEGORY_RETIRED',
    );
    assertError(
      await send('POST', '/api/center/exams', auth, draft({ organizationId: organization.id })),
      400,
      'ORGANIZATION_RETIRED',
    );
    const moved = draft({ code: other.code, categoryId: category.id });
    assertError(await send('PUT', `/api/center/exams/${other.id}`, auth, moved), 400, 'CATEGORY_RETIRED');
    const [row] = await t.database.db.select().from(exams).where(eq(exams.id, other.id));
    assert.equal(row?.categoryId, basics.category.id, 'the refused edit changed nothing');
  });

  test('a started, canceled or completed exam is not editable', async () => {
    const { auth } = await readyCenter(t);
    const started = await newExam(auth);
    await t.database.db
      .update(exams)
      .set({
        startsAt: new Date(t.clock.now.getTime() - 1000),
        registrationEndsAt: new Date(t.clock.now.getTime() - DAY),
      })
      .where(eq(exams.id, started.id));
    const completed = await newExam(auth);
    await t.database.db.update(exams).set({ status: 'completed' }).where(eq(exams.id, completed.id));
    const canceled = await newExam(auth);
    dataOf('cancelExam', await send('POST', `/api/center/exams/${canceled.id}/cancel`, auth));
    for (const exam of [started, completed, canceled]) {
      assertError(
        await send('PUT', `/api/center/exams/${exam.id}`, auth, draft({ code: exam.code })),
        409,
        'EXAM_NOT_EDITABLE',
      );
    }
  });

  test('the list: own exams only, soonest first, paged, filtered by status, with counts per status', async () => {
    const { auth } = await readyCenter(t);
    const at = (days: number) => {
      const startsAt = new Date(t.clock.now.getTime() + days * DAY);
      return { startsAt: startsAt.toISOString(), registrationEndsAt: new Date(startsAt.getTime() - DAY).toISOString() };
    };
    const late = await newExam(auth, at(20));
    const soon = await newExam(auth, at(5));
    const middle = await newExam(auth, at(12));
    await readyCenter(t).then((other) => newExam(other.auth, at(6)));
    dataOf('cancelExam', await send('POST', `/api/center/exams/${middle.id}/cancel`, auth));
    const paid = await paidCandidate(soon.id);
    const holder = await readyCandidate(t);
    await book(t, holder.headers, soon.id);

    const all = dataOf('centerExams', await get('/api/center/exams', auth));
    assert.deepEqual(
      all.list.map((e) => e.id),
      [soon.id, middle.id, late.id],
    );
    assert.equal(all.total, 3);
    const first = all.list[0];
    assert.deepEqual(first?.counts, { pending: 1, register: 1, checkin: 0, completed: 0, canceled: 0 });
    assert.equal(first?.seatsTaken, 2);

    const page = dataOf('centerExams', await get('/api/center/exams?current=2&pageSize=2', auth));
    assert.deepEqual(
      page.list.map((e) => e.id),
      [late.id],
    );
    assert.equal(page.total, 3);
    const canceled = dataOf('centerExams', await get('/api/center/exams?status=canceled', auth));
    assert.deepEqual(
      canceled.list.map((e) => e.id),
      [middle.id],
    );
    assertError(await get('/api/center/exams?status=gone', auth), 400, 'VALIDATION_FAILED');
    assertError(await get('/api/center/exams?pageSize=101', auth), 400, 'VALIDATION_FAILED');

    await insertResult(t.database.db, paid.booked.registration.id, { outcome: 'pass', publishedAt: null });
    const withResult = dataOf('centerExam', await get(`/api/center/exams/${soon.id}`, auth));
    assert.equal(withResult.resultsEntered, 1);
  });
});

describe('roster', () => {
  async function rosterExam() {
    const center = await readyCenter(t);
    const exam = await newExam(center.auth);
    const li = await paidCandidate(exam.id, { name: 'Li_Lei' });
    const lix = await paidCandidate(exam.id, { name: 'LiXLei' });
    const wang = await readyCandidate(t, { name: '王小明' });
    t.clock.advance(1000);
    await book(t, wang.headers, exam.id);
    return { ...center, exam, li, lix, wang };
  }

  async function roster(auth: Auth, examId: string, query = '') {
    return dataOf('roster', await get(`/api/center/exams/${examId}/roster${query}`, auth));
  }

  test('every candidate in booking order with status and masked ID; search by name, phone or ID; status filter', async () => {
    const { auth, exam, li, lix, wang } = await rosterExam();
    const all = await roster(auth, exam.id);
    assert.equal(all.total, 3);
    assert.deepEqual(
      all.list.map((e) => [e.name, e.status]),
      [
        ['Li_Lei', 'register'],
        ['LiXLei', 'register'],
        ['王小明', 'pending'],
      ],
    );
    const first = all.list[0];
    assert.equal(first?.phone, `+86${li.phone}`);
    assert.equal(first?.maskedIdNumber, `110101********${idCardNumber().slice(-4)}`);
    assert.equal(first?.outcome, null);

    const names = async (query: string) => (await roster(auth, exam.id, query)).list.map((e) => e.name);
    assert.deepEqual(await names('?q=li'), ['Li_Lei', 'LiXLei']);
    assert.deepEqual(await names('?q=Li_'), ['Li_Lei'], 'an underscore is a character, not a wildcard');
    assert.deepEqual(await names('?q=%25'), [], 'a percent sign is a character, not a wildcard');
    assert.deepEqual(await names('?q=小明'), ['王小明']);
    assert.deepEqual(await names(`?q=${lix.phone.slice(3)}`), ['LiXLei']);
    const spaced = `${wang.phone.slice(0, 3)} ${wang.phone.slice(3, 7)} ${wang.phone.slice(7)}`;
    assert.deepEqual(await names(`?q=${encodeURIComponent(spaced)}`), ['王小明']);
    assert.equal((await names(`?q=${idCardNumber().slice(0, 10)}`)).length, 3);
    assert.deepEqual(await names('?status=pending'), ['王小明']);
    assert.deepEqual(await names('?q=li&status=pending'), []);

    const paged = await roster(auth, exam.id, '?current=2&pageSize=2');
    assert.equal(paged.total, 3);
    assert.deepEqual(
      paged.list.map((e) => e.name),
      ['王小明'],
    );
    assertError(await get(`/api/center/exams/${exam.id}/roster?status=gone`, auth), 400, 'VALIDATION_FAILED');
    assertError(await get(`/api/center/exams/${exam.id}/roster?q=${'x'.repeat(65)}`, auth), 400, 'VALIDATION_FAILED');
  });

  test('shows entered results and certificate numbers', async () => {
    const { auth, exam, li } = await rosterExam();
    const checkedInAt = new Date('2026-05-01T01:30:00Z');
    await t.database.db
      .update(registrations)
      .set({ status: 'completed', checkedInAt })
      .where(eq(registrations.id, li.booked.registration.id));
    await insertResult(t.database.db, li.booked.registration.id, {
      outcome: 'pass',
      certificateNumber: 'EA-2026-TEST-0001',
      publishedAt: t.clock.now,
    });
    const [entry] = (await roster(auth, exam.id, '?q=Li_')).list;
    assert.equal(entry?.status, 'completed');
    assert.equal(entry?.outcome, 'pass');
    assert.equal(entry?.certificateNumber, 'EA-2026-TEST-0001');
    assert.equal(entry?.checkedInAt, checkedInAt.toISOString());
  });

  test('the .xlsx export: bilingual headers, check-in time in the exam zone, results; bearer only', async () => {
    const { auth, exam, li } = await rosterExam();
    await t.database.db
      .update(registrations)
      .set({ status: 'checkin', checkedInAt: new Date('2026-05-01T01:30:00Z') })
      .where(eq(registrations.id, li.booked.registration.id));
    await insertResult(t.database.db, li.booked.registration.id, { outcome: 'fail', publishedAt: null });

    const res = await get(`/api/center/exams/${exam.id}/roster.xlsx`, auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], XLSX);
    assert.match(
      String(res.headers['content-disposition']),
      new RegExp(`attachment; filename="roster-${exam.code}.xlsx"`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow((row) => {
      rows.push(Array.from({ length: 9 }, (_, i) => row.getCell(i + 1).text));
    });
    assert.deepEqual(rows[0], [
      '姓名 / Name',
      '手机号 / Phone',
      '身份证号 / ID number',
      '状态 / Status',
      '签到时间 / Checked in (Asia/Shanghai)',
      '成绩 / Result',
      '证书编号 / Certificate number',
      '考场 / Room',
      '座位号 / Seat',
    ]);
    assert.equal(rows.length, 4);
    assert.deepEqual(rows[1], [
      'Li_Lei',
      `+86${li.phone}`,
      `110101********${idCardNumber().slice(-4)}`,
      '已签到 / Checked in',
      '2026-05-01 09:30',
      '未通过 / Fail',
      '',
      '',
      '',
    ]);
    assert.equal(rows[3]?.[3], '待支付 / Awaiting payment');

    const filtered = await get(`/api/center/exams/${exam.id}/roster.xlsx?status=pending`, auth);
    const filteredBook = new ExcelJS.Workbook();
    await filteredBook.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    assert.equal(filteredBook.worksheets[0]?.rowCount, 2);
    assertError(await get(`/api/center/exams/${exam.id}/roster.xlsx?status=gone`, auth), 400, 'VALIDATION_FAILED');
  });
});

describe('examiners', () => {
  const examinersUrl = (examId: string) => `/api/center/exams/${examId}/examiners`;

  test('assigned by phone (accounts created as examiners, or found), idempotent, first assigned first', async () => {
    const { auth } = await readyCenter(t);
    const exam = await newExam(auth);
    const firstPhone = nextPhone();
    const first = dataOf(
      'assignExaminer',
      await send('POST', examinersUrl(exam.id), auth, {
        phone: `+86 ${firstPhone.slice(0, 3)}-${firstPhone.slice(3, 7)}-${firstPhone.slice(7)}`,
      }),
    );
    assert.equal(first.length, 1);
    assert.equal(first[0]?.phone, `+86${firstPhone}`);
    assert.equal(first[0]?.userId, await userIdOf(t.database.db, firstPhone, 'examiner'));

    // Someone who already logged in as an examiner keeps their account.
    const secondPhone = nextPhone();
    await loginAs(t, secondPhone, 'examiner');
    const secondId = await userIdOf(t.database.db, secondPhone, 'examiner');
    t.clock.advance(1000);
    const both = dataOf('assignExaminer', await send('POST', examinersUrl(exam.id), auth, { phone: secondPhone }));
    assert.deepEqual(
      both.map((e) => e.userId),
      [first[0]?.userId, secondId],
    );
    t.clock.advance(1000);
    const again = dataOf('assignExaminer', await send('POST', examinersUrl(exam.id), auth, { phone: firstPhone }));
    assert.deepEqual(again, both, 'assigning again changes nothing, not even the time');
    assert.deepEqual(dataOf('examExaminers', await get(examinersUrl(exam.id), auth)), both);
    assert.equal(dataOf('centerExam', await get(`/api/center/exams/${exam.id}`, auth)).examiners, 2);
    // A candidate account with the same phone is another account: the examiner one is made.
    const kinds = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, `+86${firstPhone}`));
    assert.deepEqual(
      kinds.map((u) => u.kind),
      ['examiner'],
    );

    const left = dataOf('unassignExaminer', await send('DELETE', `${examinersUrl(exam.id)}/${secondId}`, auth));
    assert.deepEqual(
      left.map((e) => e.userId),
      [first[0]?.userId],
    );
    assertError(await send('DELETE', `${examinersUrl(exam.id)}/${secondId}`, auth), 404, 'NOT_FOUND');
    assertError(await send('DELETE', `${examinersUrl(exam.id)}/${uuidv7()}`, auth), 404, 'NOT_FOUND');
    assertError(await send('DELETE', `${examinersUrl(exam.id)}/nope`, auth), 400, 'VALIDATION_FAILED');
  });

  test('bad phones and bodies are refused; a canceled exam takes no examiners', async () => {
    const { auth } = await readyCenter(t);
    const exam = await newExam(auth);
    assertError(await send('POST', examinersUrl(exam.id), auth, { phone: '12345' }), 400, 'PHONE_INVALID');
    assertError(await send('POST', examinersUrl(exam.id), auth, { phone: '' }), 400, 'VALIDATION_FAILED');
    assertError(await send('POST', examinersUrl(exam.id), auth, { phone: 13900000000 }), 400, 'VALIDATION_FAILED');
    assertError(await send('POST', examinersUrl(exam.id), auth, {}), 400, 'VALIDATION_FAILED');
    const raw = await sendJsonText(t, 'POST', examinersUrl(exam.id), auth, '{"phone"');
    assertError(raw, 400, 'MALFORMED_JSON');
    assert.deepEqual(dataOf('examExaminers', await get(examinersUrl(exam.id), auth)), []);

    dataOf('cancelExam', await send('POST', `/api/center/exams/${exam.id}/cancel`, auth));
    assertError(await send('POST', examinersUrl(exam.id), auth, { phone: nextPhone() }), 409, 'EXAM_NOT_EDITABLE');
  });
});
