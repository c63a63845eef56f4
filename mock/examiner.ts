/**
 * The examiner's door for `npm run dev`. A returning examiner is assigned the exam starting within the hour (two dozen
 * candidates, every returning candidate among them) and one next week. Ticket tokens are verified with the mock's
 * development key (mock/lib/devOnlyTicketKey.ts), so the scan page checks a mock ticket offline as it would a real one.
 */
import { api, type CurrentUser, type ExaminerProfile } from '../contract';
import { isValidIdCard } from '../contract/idcard';
import { chinaMobileToE164 } from '../contract/phone';
import { TicketInvalidError } from '../server/domain/tickets';
import { examinerProfiles } from './lib/accounts';
import { exams, type MockExam } from './lib/fixtures';
import { on, refuse } from './lib/http';
import { candidateOf, registrations, rooms, rosterOf, summaryOf, tickets } from './lib/store';

const assigned = (user: CurrentUser) =>
  [...exams.values()].filter((exam) => exam.examiners.some((examiner) => examiner.userId === user.id));

function assignedExam(user: CurrentUser, id: string): MockExam {
  return assigned(user).find((exam) => exam.id === id) ?? refuse('NOT_FOUND');
}

/** The room whose door the center gave the examiner at this exam, or null for any. */
function doorRoom(user: CurrentUser, exam: MockExam): string | null {
  return exam.examiners.find((examiner) => examiner.userId === user.id)?.roomId ?? null;
}

/** The registration a genuine, unexpired ticket names, if it is for this exam. */
async function ticketRegistration(token: string, examId: string): Promise<string> {
  const claims = await tickets.verifyTicket(token).catch((error: unknown) => {
    if (error instanceof TicketInvalidError) return refuse('TICKET_INVALID');
    throw error;
  });
  if (claims.examId !== examId) refuse('TICKET_OTHER_EXAM');
  return claims.registrationId;
}

export default Object.fromEntries([
  on(api.examinerProfile, ({ user }): ExaminerProfile => {
    const empty = { name: user.name, phone: user.phone, address: '', identityId: '', complete: false };
    return examinerProfiles.get(user.id) ?? empty;
  }),
  on(api.saveExaminerProfile, ({ user, body }) => {
    const saved = { ...body, phone: user.phone, complete: true };
    examinerProfiles.set(user.id, saved);
    user.name = saved.name;
    return saved;
  }),
  on(api.examinerExams, ({ user }) =>
    assigned(user)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
      .map((exam) => {
        const roster = rosterOf(exam.id);
        const expected = roster.filter((entry) => ['register', 'checkin', 'completed'].includes(entry.status)).length;
        const checkedIn = roster.filter((entry) => ['checkin', 'completed'].includes(entry.status)).length;
        const room = rooms.get(doorRoom(user, exam) ?? '');
        return { ...summaryOf(exam), expected, checkedIn, room: room ? { id: room.id, name: room.name } : null };
      }),
  ),
  on(api.examinerCandidate, ({ user, params }) => {
    const exam = assignedExam(user, params.id);
    const registration = registrations.get(params.registrationId);
    return registration?.examId === exam.id ? candidateOf(registration, doorRoom(user, exam)) : refuse('NOT_FOUND');
  }),
  on(api.lookupCandidates, ({ user, params, query }) => {
    const exam = assignedExam(user, params.id);
    const phone = chinaMobileToE164(query.q);
    const idNumber = query.q.toUpperCase();
    if (!phone && !isValidIdCard(idNumber)) {
      refuse('VALIDATION_FAILED', [{ path: 'q', message: 'a mainland mobile number or a whole ID card number' }]);
    }
    return rosterOf(exam.id)
      .filter(
        (entry) => entry.status !== 'canceled' && (entry.person.phone === phone || entry.person.idNumber === idNumber),
      )
      .map((entry) => candidateOf(entry, doorRoom(user, exam)));
  }),
  on(api.checkin, async ({ user, params, body }) => {
    const exam = assignedExam(user, params.id);
    const byToken = 'token' in body;
    const id = byToken ? await ticketRegistration(body.token, exam.id) : body.registrationId;
    const registration = registrations.get(id);
    if (registration?.examId !== exam.id) return refuse(byToken && registration ? 'TICKET_OTHER_EXAM' : 'NOT_FOUND');
    if (registration.status === 'canceled') refuse('TICKET_CANCELED');
    if (registration.status === 'pending') refuse('STATUS_TRANSITION_INVALID');
    const alreadyCheckedIn = registration.status !== 'register';
    if (!alreadyCheckedIn) Object.assign(registration, { status: 'checkin', checkedInAt: new Date().toISOString() });
    return { candidate: candidateOf(registration, doorRoom(user, exam)), alreadyCheckedIn };
  }),
]);
