import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { normalizeCertificateNumber } from '../../contract';
import { dataOf, envelope, loginAs, multipart, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { nextPhone, readyCandidate } from '../../tests/helpers/booking';
import {
  type Auth,
  centerAccount,
  centerExam,
  checkInOver,
  examinerFor,
  paidCandidate,
} from '../../tests/helpers/door';
import { type CatalogBasics, idCardNumber } from '../../tests/helpers/fixtures';
import { csvOf, xlsxOf } from '../../tests/helpers/spreadsheets';
import { exams, registrations, results, users } from '../db/schema';
import { examYear, newCertificateNumber } from '../domain/certificates';
import { publishResults, RESULT_FILE_MAX_BYTES } from '../domain/results';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let basics: CatalogBasics;

openFileApp((file) => ({ t, basics } = file));

type Response = Awaited<ReturnType<typeof t.app.inject>>;

function refusedWith(response: Response, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(envelope(response).errorCode, code);
}

const enter = (headers: Auth, examId: string, registrationId: string, outcome: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/center/exams/${examId}/results/${registrationId}`,
    headers,
    payload: { outcome },
  });

const upload = (headers: Auth, examId: string, file: Buffer, name: string, type: string) => {
  const body = multipart(file, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/center/exams/${examId}/results/upload`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const publish = (headers: Auth, examId: string) => postAs(t, `/api/center/exams/${examId}/results/publish`, headers);

let idSerial = 300;

/** A center with an exam, its examiner, and `checkedIn` candidates checked in plus `absent` paid ones who were not. */
async function examDay(checkedIn: number, absent = 0) {
  const center = await centerAccount(t);
  const exam = await centerExam(t, basics, center.center);
  const examiner = await examinerFor(t, exam.id);
  const candidate = async () => {
    idSerial += 1;
    return paidCandidate(t, exam.id, { idNumber: idCardNumber(String(idSerial)) });
  };
  const present = [];
  for (let i = 0; i < checkedIn; i += 1) {
    const c = await candidate();
    dataOf('checkin', await checkInOver(t, examiner.headers, exam.id, { token: c.token }));
    present.push(c);
  }
  const missing = [];
  for (let i = 0; i < absent; i += 1) missing.push(await candidate());
  return { center, exam, examiner, present, missing };
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function resultRows(registrationIds: string[]) {
  return t.database.db.select().from(results).where(inArray(results.registrationId, registrationIds));
}

describe('entering one result', () => {
  test("a checked-in candidate's outcome is entered, then corrected; the roster line shows it", async () => {
    const day = await examDay(1);
    const [candidate] = day.present;
    assert.ok(candidate);
    const entered = dataOf(
      'enterResult',
      await enter(day.center.headers, day.exam.id, candidate.registrationId, 'fail'),
    );
    assert.equal(entered.outcome, 'fail');
    assert.equal(entered.status, 'checkin');
    assert.equal(entered.certificateNumber, null);
    assert.equal(entered.phone, `+86${candidate.phone}`);
    const corrected = dataOf(
      'enterResult',
      await enter(day.center.headers, day.exam.id, candidate.registrationId, 'pass'),
    );
    assert.equal(corrected.outcome, 'pass');
    const rows = await resultRows([candidate.registrationId]);
    assert.deepEqual(
      rows.map((r) => [r.outcome, r.publishedAt]),
      [['pass', null]],
    );
  });

  test('a candidate not checked in is RESULT_NEEDS_CHECKIN; an unknown registration is not found', async () => {
    const day = await examDay(0, 1);
    const [absent] = day.missing;
    assert.ok(absent);
    refusedWith(
      await enter(day.center.headers, day.exam.id, absent.registrationId, 'pass'),
      409,
      'RESULT_NEEDS_CHECKIN',
    );
    const other = await examDay(1);
    const elsewhere = other.present[0]?.registrationId ?? '';
    refusedWith(await enter(day.center.headers, day.exam.id, elsewhere, 'pass'), 404, 'NOT_FOUND');
    refusedWith(
      await enter(day.center.headers, day.exam.id, absent.registrationId, 'excellent'),
      400,
      'VALIDATION_FAILED',
    );
    assert.deepEqual(await resultRows([absent.registrationId, elsewhere]), []);
  });

  test("another center's exam is not found; a candidate or an examiner is not a test center", async () => {
    const day = await examDay(1);
    const registrationId = day.present[0]?.registrationId ?? '';
    const stranger = await centerAccount(t);
    refusedWith(await enter(stranger.headers, day.exam.id, registrationId, 'pass'), 404, 'NOT_FOUND');
    refusedWith(await enter(day.examiner.headers, day.exam.id, registrationId, 'pass'), 403, 'TEST_CENTERS_ONLY');
    refusedWith(
      await enter(await loginAs(t, nextPhone()), day.exam.id, registrationId, 'pass'),
      403,
      'TEST_CENTERS_ONLY',
    );
    assert.deepEqual(await resultRows([registrationId]), []);
  });
});

describe('uploading a results sheet', () => {
  test('.xlsx by phone: checked-in rows are entered, the others come back with their reasons', async () => {
    const day = await examDay(3, 1);
    const [a, b, c] = day.present;
    const [absent] = day.missing;
    assert.ok(a && b && c && absent);
    const sheet = await xlsxOf([
      ['手机号', '姓名', '考试结果'],
      [a.phone, '甲', '通过'],
      [b.phone, '乙', 'FAIL'],
      [absent.phone, '丙', 'pass'],
      [nextPhone(), '丁', 'pass'],
      [c.phone, '戊', '优秀'],
      [a.phone, '甲', '不通过'],
    ]);
    const answer = dataOf('uploadResults', await upload(day.center.headers, day.exam.id, sheet, 'results.xlsx', XLSX));
    assert.equal(answer.updated, 2);
    assert.deepEqual(answer.rejected, [
      { row: 4, reason: 'NOT_CHECKED_IN' },
      { row: 5, reason: 'CANDIDATE_NOT_FOUND' },
      { row: 6, reason: 'OUTCOME_INVALID' },
      { row: 7, reason: 'DUPLICATE_ROW' },
    ]);
    const rows = await resultRows([a.registrationId, b.registrationId, c.registrationId, absent.registrationId]);
    assert.deepEqual(
      new Map(rows.map((r) => [r.registrationId, r.outcome])),
      new Map([
        [a.registrationId, 'pass'],
        [b.registrationId, 'fail'],
      ]),
    );
  });

  test('.csv in GBK by ID number corrects results entered before', async () => {
    const day = await examDay(1);
    const [a] = day.present;
    assert.ok(a);
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, a.registrationId, 'fail'));
    const sheet = csvOf(
      [
        ['身份证号', '结果'],
        [a.idNumber?.toLowerCase() ?? '', '合格'],
      ],
      { encoding: 'gbk' },
    );
    const answer = dataOf(
      'uploadResults',
      await upload(day.center.headers, day.exam.id, sheet, '成绩.csv', 'text/csv'),
    );
    assert.deepEqual(answer, { updated: 1, rejected: [] });
    assert.deepEqual(
      (await resultRows([a.registrationId])).map((r) => r.outcome),
      ['pass'],
    );
  });

  test('a file that is not a results sheet, or too large, writes nothing', async () => {
    const day = await examDay(1);
    const [a] = day.present;
    assert.ok(a);
    const noHeader = csvOf([[a.phone, 'pass']], { encoding: 'utf8' });
    refusedWith(
      await upload(day.center.headers, day.exam.id, noHeader, 'r.csv', 'text/csv'),
      400,
      'RESULT_FILE_INVALID',
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    refusedWith(await upload(day.center.headers, day.exam.id, png, 'r.xlsx', XLSX), 400, 'RESULT_FILE_INVALID');
    const huge = Buffer.concat([
      Buffer.from(`Phone,Result\r\n${a.phone},pass\r\n`),
      Buffer.alloc(RESULT_FILE_MAX_BYTES),
    ]);
    refusedWith(await upload(day.center.headers, day.exam.id, huge, 'r.csv', 'text/csv'), 413, 'RESULT_FILE_TOO_LARGE');
    assert.deepEqual(await resultRows([a.registrationId]), []);
  });

  test("another center's exam is not found and its file is not read; a candidate is not a test center", async () => {
    const day = await examDay(1);
    const [a] = day.present;
    assert.ok(a);
    const sheet = csvOf(
      [
        ['Phone', 'Result'],
        [a.phone, 'pass'],
      ],
      { encoding: 'utf8' },
    );
    const stranger = await centerAccount(t);
    refusedWith(await upload(stranger.headers, day.exam.id, sheet, 'r.csv', 'text/csv'), 404, 'NOT_FOUND');
    refusedWith(await upload(a.headers, day.exam.id, sheet, 'r.csv', 'text/csv'), 403, 'TEST_CENTERS_ONLY');
    assert.deepEqual(await resultRows([a.registrationId]), []);
  });
});

describe('publishing results', () => {
  test('passes get certificate numbers, registrations with a result complete, the candidate sees it', async () => {
    const day = await examDay(3, 1);
    const [passed, failed, noResult] = day.present;
    const [absent] = day.missing;
    assert.ok(passed && failed && noResult && absent);
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, passed.registrationId, 'pass'));
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, failed.registrationId, 'fail'));
    t.clock.advance(1000);

    const published = dataOf('publishResults', await publish(day.center.headers, day.exam.id));
    assert.deepEqual(published, { completed: 2, certificates: 1, publishedAt: t.clock.now.toISOString() });

    const rows = new Map(
      (await resultRows([passed.registrationId, failed.registrationId])).map((r) => [r.registrationId, r]),
    );
    const certificate = rows.get(passed.registrationId)?.certificateNumber ?? '';
    const year = examYear(day.exam.startsAt, 'Asia/Shanghai');
    assert.match(certificate, new RegExp(`^EA-${year}-[0-9A-Z]{8}-[0-9A-Z]$`));
    assert.equal(normalizeCertificateNumber(certificate), certificate);
    assert.equal(rows.get(failed.registrationId)?.certificateNumber, null);
    assert.equal(rows.get(failed.registrationId)?.publishedAt?.toISOString(), published.publishedAt);

    const statuses = await t.database.db
      .select({ id: registrations.id, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.examId, day.exam.id));
    assert.deepEqual(
      new Map(statuses.map((s) => [s.id, s.status])),
      new Map([
        [passed.registrationId, 'completed'],
        [failed.registrationId, 'completed'],
        [noResult.registrationId, 'checkin'],
        [absent.registrationId, 'register'],
      ]),
    );
    const [exam] = await t.database.db.select().from(exams).where(eq(exams.id, day.exam.id));
    assert.equal(exam?.resultsPublishedAt?.toISOString(), published.publishedAt);
    assert.equal(exam?.status, 'completed');

    const seen = dataOf('results', await t.app.inject({ url: '/api/front/results', headers: passed.headers }));
    const mine = seen.find((r) => r.registrationId === passed.registrationId);
    assert.equal(mine?.outcome, 'pass');
    assert.equal(mine?.certificateNumber, certificate);
    assert.equal(mine?.registrationStatus, 'completed');
    const theirs = dataOf('results', await t.app.inject({ url: '/api/front/results', headers: failed.headers }));
    assert.equal(theirs.find((r) => r.registrationId === failed.registrationId)?.outcome, 'fail');
  });

  test('once published, nothing about the results changes: publishing, entering or uploading again is refused', async () => {
    const day = await examDay(2);
    const [a, b] = day.present;
    assert.ok(a && b);
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, a.registrationId, 'pass'));
    dataOf('publishResults', await publish(day.center.headers, day.exam.id));
    refusedWith(await publish(day.center.headers, day.exam.id), 409, 'RESULTS_PUBLISHED');
    refusedWith(await enter(day.center.headers, day.exam.id, a.registrationId, 'fail'), 409, 'RESULTS_PUBLISHED');
    refusedWith(await enter(day.center.headers, day.exam.id, b.registrationId, 'pass'), 409, 'RESULTS_PUBLISHED');
    const sheet = csvOf(
      [
        ['Phone', 'Result'],
        [b.phone, 'pass'],
      ],
      { encoding: 'utf8' },
    );
    refusedWith(await upload(day.center.headers, day.exam.id, sheet, 'r.csv', 'text/csv'), 409, 'RESULTS_PUBLISHED');
    assert.deepEqual(
      (await resultRows([a.registrationId, b.registrationId])).map((r) => r.outcome),
      ['pass'],
    );
  });

  test('publishing twice at once publishes once', async () => {
    const day = await examDay(1);
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, day.present[0]?.registrationId ?? '', 'pass'));
    const answers = await Promise.all([1, 2, 3].map(() => publish(day.center.headers, day.exam.id)));
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409, 409]);
  });

  test('a certificate number that collides with one already issued is drawn again', async () => {
    const first = await examDay(1);
    dataOf(
      'enterResult',
      await enter(first.center.headers, first.exam.id, first.present[0]?.registrationId ?? '', 'pass'),
    );
    dataOf('publishResults', await publish(first.center.headers, first.exam.id));
    const [taken] = await resultRows([first.present[0]?.registrationId ?? '']);
    const second = await examDay(2);
    for (const c of second.present) {
      dataOf('enterResult', await enter(second.center.headers, second.exam.id, c.registrationId, 'pass'));
    }
    // The first draw repeats the number already issued; publication draws again rather than failing.
    const draws = [taken?.certificateNumber ?? ''];
    const published = await publishResults(
      {
        repos: t.app.repos,
        uow: t.app.uow,
        now: () => t.clock.now,
        certificateNumber: (year) => draws.shift() ?? newCertificateNumber(year),
        links: t.app.links,
      },
      await userRow(second.center.ownerId),
      second.exam.id,
    );
    assert.equal(published.certificates, 2);
    const numbers = (await resultRows(second.present.map((c) => c.registrationId))).map((r) => r.certificateNumber);
    assert.equal(new Set([...numbers, taken?.certificateNumber]).size, 3);
  });

  test('a canceled exam has no results to publish', async () => {
    const day = await examDay(1);
    await t.database.db.update(exams).set({ status: 'canceled' }).where(eq(exams.id, day.exam.id));
    refusedWith(await publish(day.center.headers, day.exam.id), 409, 'EXAM_NOT_EDITABLE');
    const [exam] = await t.database.db.select().from(exams).where(eq(exams.id, day.exam.id));
    assert.equal(exam?.resultsPublishedAt, null);
  });

  test("another center's exam is not found; a candidate cannot publish", async () => {
    const day = await examDay(1);
    dataOf('enterResult', await enter(day.center.headers, day.exam.id, day.present[0]?.registrationId ?? '', 'pass'));
    const stranger = await centerAccount(t);
    refusedWith(await publish(stranger.headers, day.exam.id), 404, 'NOT_FOUND');
    const candidate = await readyCandidate(t);
    refusedWith(await publish(candidate.headers, day.exam.id), 403, 'TEST_CENTERS_ONLY');
    const [exam] = await t.database.db.select().from(exams).where(eq(exams.id, day.exam.id));
    assert.equal(exam?.resultsPublishedAt, null);
  });
});
