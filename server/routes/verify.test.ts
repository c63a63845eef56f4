import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dataOf, envelope, openFileApp, postAs, type TestApp } from '../../tests/helpers/app';
import { centerAccount, centerExam, checkInOver, examinerFor, paidCandidate } from '../../tests/helpers/door';
import { type CatalogBasics, insertResult } from '../../tests/helpers/fixtures';
import { newCertificateNumber } from '../domain/certificates';

const LIMIT = 5;

let t: TestApp;
let basics: CatalogBasics;
let clientCount = 0;

openFileApp((file) => ({ t, basics } = file), { env: { VERIFY_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });

/** A client address of its own, so each test starts under the per-IP limit. */
function newClient(): string {
  clientCount += 1;
  return `192.0.2.${clientCount}`;
}

function verify(number: string, remoteAddress: string) {
  return t.app.inject({ url: `/api/verify/${encodeURIComponent(number)}`, remoteAddress });
}

/** A candidate a center's examiner checked in. */
async function checkedInCandidate(name: string) {
  const center = await centerAccount(t);
  const exam = await centerExam(t, basics, center.center);
  const examiner = await examinerFor(t, exam.id);
  const candidate = await paidCandidate(t, exam.id, { name });
  dataOf('checkin', await checkInOver(t, examiner.headers, exam.id, { token: candidate.token }));
  return { center, exam, candidate };
}

/** A candidate whose result a center entered and published; answers their certificate number (null for a fail). */
async function publishedResult(name: string, outcome: 'pass' | 'fail') {
  const { center, exam, candidate } = await checkedInCandidate(name);
  const entered = await t.app.inject({
    method: 'PUT',
    url: `/api/center/exams/${exam.id}/results/${candidate.registrationId}`,
    headers: center.headers,
    payload: { outcome },
  });
  dataOf('enterResult', entered);
  const published = dataOf(
    'publishResults',
    await postAs(t, `/api/center/exams/${exam.id}/results/publish`, center.headers),
  );
  const results = dataOf('results', await t.app.inject({ url: '/api/front/results', headers: candidate.headers }));
  return { exam, published, number: results[0]?.certificateNumber ?? null };
}

describe('certificate verification', () => {
  test('a published certificate shows the masked name, the exam, its date and the result', async () => {
    const { exam, published, number } = await publishedResult('张三丰', 'pass');
    assert.ok(number);
    const shown = dataOf('verifyCertificate', await verify(number, newClient()));
    assert.deepEqual(shown, {
      certificateNumber: number,
      maskedName: '张*丰',
      exam: {
        code: exam.code,
        name: { zh: exam.nameZh, en: exam.nameEn },
        startsAt: exam.startsAt.toISOString(),
        timeZone: 'Asia/Shanghai',
      },
      outcome: 'pass',
      publishedAt: published.publishedAt,
    });
  });

  test('typed in lower case, with spaces or without dashes, it is the same certificate', async () => {
    const { number } = await publishedResult('Lin Hao', 'pass');
    assert.ok(number);
    const client = newClient();
    for (const typed of [number.toLowerCase(), number.replaceAll('-', ' '), number.replaceAll('-', '')]) {
      const shown = dataOf('verifyCertificate', await verify(typed, client));
      assert.equal(shown.certificateNumber, number);
      assert.equal(shown.maskedName, 'L** H**');
    }
  });

  test('malformed numbers, a wrong check character, unknown and unpublished numbers are all not found', async () => {
    const { number } = await publishedResult('李四', 'pass');
    assert.ok(number);
    const wrongCheck = `${number.slice(0, -1)}${number.endsWith('0') ? '1' : '0'}`;
    const unpublished = newCertificateNumber(2026);
    const { candidate } = await checkedInCandidate('王五');
    await insertResult(t.database.db, candidate.registrationId, {
      outcome: 'pass',
      certificateNumber: unpublished,
      publishedAt: null,
    });
    const client = newClient();
    for (const typed of ['EA-2026-1234', 'hello', wrongCheck, newCertificateNumber(2026), unpublished]) {
      const response = await verify(typed, client);
      assert.equal(response.statusCode, 404, typed);
      assert.equal(envelope(response).errorCode, 'NOT_FOUND');
    }
  });

  test(`at most ${LIMIT} look-ups a minute from one address, found or not; other addresses are not affected`, async () => {
    const { number } = await publishedResult('赵六', 'pass');
    assert.ok(number);
    const client = newClient();
    for (let i = 0; i < LIMIT; i += 1) {
      assert.equal((await verify(i % 2 === 0 ? number : 'EA-2026-XXXX', client)).statusCode, i % 2 === 0 ? 200 : 404);
    }
    const limited = await verify(number, client);
    assert.equal(limited.statusCode, 429);
    assert.equal(envelope(limited).errorCode, 'RATE_LIMITED');
    assert.equal((await verify(number, newClient())).statusCode, 200);
    t.clock.advance(61_000);
    assert.equal((await verify(number, client)).statusCode, 200);
  });
});
