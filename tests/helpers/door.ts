import { eq } from 'drizzle-orm';
import { examExaminers, profiles, testCenters } from '../../server/db/schema';
import { uuidv7 } from '../../server/ids';
import { dataOf, loginAs, type TestApp } from './app';
import { book, type ExamFields, nextPhone, payInWallet, readyCandidate } from './booking';
import { type insertCatalogBasics, insertExam, userIdOf } from './fixtures';

/**
 * The people of exam day for server tests: a test center account running its own center, examiners assigned to its
 * exams, and candidates holding paid registrations with their ticket tokens.
 */

type CatalogBasics = Awaited<ReturnType<typeof insertCatalogBasics>>;
export type Auth = { authorization: string };

let centerCount = 0;

/** A logged-in test center account and the center it runs (in Beijing, 500 seats). */
export async function centerAccount(t: TestApp) {
  centerCount += 1;
  const phone = nextPhone();
  const headers = await loginAs(t, phone, 'testCenter');
  const ownerId = await userIdOf(t.database.db, phone, 'testCenter');
  const center = {
    id: uuidv7(),
    nameZh: `第${centerCount}考点`,
    nameEn: `Center ${centerCount}`,
    provinceCode: '11',
    cityCode: '1101',
    addressZh: '考试路 1 号',
    addressEn: '1 Exam Road',
    capacity: 500,
    ownerId,
    verificationStatus: 'approved' as const,
  };
  await t.database.db.insert(testCenters).values(center);
  return { headers, ownerId, center };
}

/** An exam at the center, ten days after the test clock unless `fields` say otherwise. */
export function centerExam(
  t: TestApp,
  basics: CatalogBasics,
  center: { id: string; provinceCode: string; cityCode: string },
  fields: ExamFields = {},
) {
  return insertExam(t.database.db, center, basics.category.id, {
    startsAt: new Date(t.clock.now.getTime() + 10 * 86_400_000),
    ...fields,
  });
}

/** A logged-in examiner account, assigned to `examIds`. */
export async function examinerFor(t: TestApp, ...examIds: string[]) {
  const phone = nextPhone();
  const headers = await loginAs(t, phone, 'examiner');
  const userId = await userIdOf(t.database.db, phone, 'examiner');
  if (examIds.length > 0) {
    await t.database.db.insert(examExaminers).values(examIds.map((examId) => ({ examId, examinerId: userId })));
  }
  return { phone, headers, userId };
}

/** A candidate with a paid registration for the exam, and the token of their ticket. */
export async function paidCandidate(t: TestApp, examId: string, options: { name?: string; idNumber?: string } = {}) {
  const candidate = await readyCandidate(t, { name: options.name });
  if (options.idNumber) {
    await t.database.db
      .update(profiles)
      .set({ idNumber: options.idNumber })
      .where(eq(profiles.userId, candidate.userId));
  }
  const booked = await book(t, candidate.headers, examId);
  await payInWallet(t, booked.order.id);
  const registrationId = booked.registration.id;
  const ticket = dataOf(
    'ticket',
    await t.app.inject({ url: `/api/front/registrations/${registrationId}/ticket`, headers: candidate.headers }),
  );
  if (!ticket.token) throw new Error('a paid registration has a ticket token');
  return { ...candidate, registrationId, orderId: booked.order.id, token: ticket.token, idNumber: options.idNumber };
}

/** Checks a registration in as `examiner` over HTTP. */
export function checkInOver(
  t: TestApp,
  examiner: Auth,
  examId: string,
  body: { token: string } | { registrationId: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/examiner/exams/${examId}/checkin`,
    headers: examiner,
    payload: body,
  });
}
