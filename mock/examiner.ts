/**
 * The examiner's side for `npm run dev`: every examiner is assigned the first two mock exams, each with a small
 * roster in memory (a registered candidate, one already checked in, one canceled). Check-in takes a registration the
 * lookup found, or a ticket token: the mock's placeholder tokens (`mock-ticket-token.<registrationId>`) or a JWT,
 * whose claims are read without verifying (the mock holds no signing key). The scan page verifies tokens offline
 * before it calls, so in the mock only the lookup reaches a check-in.
 */
import type { CheckinCandidate, CurrentUser, DataOf, ExaminerProfile, ExamSummary } from '../contract';
import { checkinRequest, examinerProfileUpdate } from '../contract';
import { ERROR_CATALOGUE } from '../contract/errors';
import { idCardCheckCharacter, isValidIdCard, maskIdCard } from '../contract/idcard';
import { chinaMobileToE164 } from '../contract/phone';
import { exams, fail, type Handler, type MockRequest, type MockResponse, mockId, send, userOf } from './lib/shared';

interface RosterEntry {
  registrationId: string;
  examId: string;
  name: string;
  idNumber: string;
  phone: string;
  status: CheckinCandidate['status'];
  checkedInAt: string | null;
}

const assigned: ExamSummary[] = exams.slice(0, 2);

const withCheck = (first17: string) => first17 + idCardCheckCharacter(first17);

/** The registration of candidate `n` (0 registered, 1 checked in, 2 canceled) of assigned exam `exam` (0 or 1). */
export const mockRosterId = (exam: number, n: number) => mockId(9000 + exam * 10 + n);

const roster: RosterEntry[] = assigned.flatMap((exam, e) =>
  (['register', 'checkin', 'canceled'] as const).map((status, n) => ({
    registrationId: mockRosterId(e, n),
    examId: exam.id,
    name: ['李雷', '韩梅梅', '王芳'][n] ?? '',
    idNumber: withCheck(`1101051990${String(e + 1).padStart(2, '0')}${String(n + 1).padStart(2, '0')}12${n}`),
    phone: `+86138001390${e}${n}`,
    status,
    checkedInAt: status === 'checkin' ? new Date(Date.parse(exam.startsAt) - 20 * 60_000).toISOString() : null,
  })),
);

const profiles = new Map<string, ExaminerProfile>();

function candidateOf(entry: RosterEntry): CheckinCandidate {
  return {
    registrationId: entry.registrationId,
    name: entry.name,
    maskedIdNumber: maskIdCard(entry.idNumber),
    phone: entry.phone,
    avatar_small: null,
    status: entry.status,
    checkedInAt: entry.checkedInAt,
  };
}

/** The signed-in examiner, or an answer that says why not. */
function examinerOf(req: MockRequest, res: MockResponse): CurrentUser | undefined {
  const user = userOf(req);
  if (!user) {
    fail(res, 'UNAUTHORIZED', 'Log in first.');
    return undefined;
  }
  if (user.kind !== 'examiner') {
    fail(res, 'EXAMINERS_ONLY', 'Only an examiner can do this.');
    return undefined;
  }
  return user;
}

/** An exam assigned to the examiner; any other reads as not found, as on the server. */
function assignedExam(req: MockRequest, res: MockResponse): ExamSummary | undefined {
  if (!examinerOf(req, res)) return undefined;
  const exam = assigned.find((item) => item.id === req.params.id);
  if (!exam) fail(res, 'NOT_FOUND', 'No exam assigned to you has this id.');
  return exam;
}

/** The claims of a token, unverified: the mock's placeholder or a JWT's payload. */
function tokenClaims(token: string): { registrationId: string; examId?: string } | undefined {
  const placeholder = /^mock-ticket-token\.(.+)$/.exec(token);
  if (placeholder) return { registrationId: placeholder[1] ?? '' };
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const { sub, exam } = payload as { sub?: unknown; exam?: unknown };
    return typeof sub === 'string' && typeof exam === 'string' ? { registrationId: sub, examId: exam } : undefined;
  } catch {
    return undefined;
  }
}

const handlers: Record<string, Handler> = {
  'GET /api/examiner/profile': (req, res) => {
    const user = examinerOf(req, res);
    if (!user) return;
    send<DataOf<'examinerProfile'>>(
      res,
      profiles.get(user.id) ?? { name: user.name, phone: user.phone, address: '', identityId: '', complete: false },
    );
  },
  'PUT /api/examiner/profile': (req, res) => {
    const user = examinerOf(req, res);
    if (!user) return;
    const parsed = examinerProfileUpdate.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = issue?.message === 'ID_CARD_INVALID' ? 'ID_CARD_INVALID' : 'VALIDATION_FAILED';
      const { status, showType } = ERROR_CATALOGUE[code];
      const errorMessage = issue?.message ?? 'Invalid input.';
      res.status(status).json({
        success: false,
        errorCode: code,
        errorMessage,
        showType,
        details: [{ path: issue?.path.join('.') ?? '', message: errorMessage }],
      });
      return;
    }
    const saved: ExaminerProfile = { ...parsed.data, phone: user.phone, complete: true };
    profiles.set(user.id, saved);
    // currentUser answers the session's user: the header shows the new name.
    user.name = saved.name;
    send<DataOf<'saveExaminerProfile'>>(res, saved);
  },
  'GET /api/examiner/exams': (req, res) => {
    if (!examinerOf(req, res)) return;
    send<DataOf<'examinerExams'>>(
      res,
      assigned.map((exam) => {
        const paid = roster.filter((entry) => entry.examId === exam.id && entry.status !== 'canceled');
        return {
          ...exam,
          expected: paid.length,
          checkedIn: paid.filter((entry) => entry.status !== 'register').length,
        };
      }),
    );
  },
  'GET /api/examiner/exams/:id/registrations/:registrationId': (req, res) => {
    const exam = assignedExam(req, res);
    if (!exam) return;
    const entry = roster.find((item) => item.registrationId === req.params.registrationId && item.examId === exam.id);
    if (!entry) return fail(res, 'NOT_FOUND', 'No registration of this exam has this id.');
    send<DataOf<'examinerCandidate'>>(res, candidateOf(entry));
  },
  'GET /api/examiner/exams/:id/candidates': (req, res) => {
    const exam = assignedExam(req, res);
    if (!exam) return;
    const q = (req.query.q ?? '').trim().toUpperCase();
    const phone = chinaMobileToE164(q);
    if (!phone && !isValidIdCard(q)) {
      return fail(res, 'VALIDATION_FAILED', 'A mainland mobile number or a whole ID card number.');
    }
    send<DataOf<'lookupCandidates'>>(
      res,
      roster
        .filter((entry) => entry.examId === exam.id && entry.status !== 'canceled')
        .filter((entry) => (phone ? entry.phone === phone : entry.idNumber === q))
        .map(candidateOf),
    );
  },
  'POST /api/examiner/exams/:id/checkin': (req, res) => {
    const exam = assignedExam(req, res);
    if (!exam) return;
    const parsed = checkinRequest.safeParse(req.body);
    if (!parsed.success) return fail(res, 'VALIDATION_FAILED', 'A token or a registrationId.');
    const byToken = 'token' in parsed.data;
    const claims = 'token' in parsed.data ? tokenClaims(parsed.data.token) : parsed.data;
    if (!claims) return fail(res, 'TICKET_INVALID', 'This is not a valid ticket.');
    const entry = roster.find((item) => item.registrationId === claims.registrationId);
    const examId = ('examId' in claims ? claims.examId : undefined) ?? entry?.examId;
    if (byToken && examId && examId !== exam.id)
      return fail(res, 'TICKET_OTHER_EXAM', 'The ticket is for another exam.');
    if (entry?.examId !== exam.id) return fail(res, 'NOT_FOUND', 'No registration of this exam has this id.');
    if (entry.status === 'canceled') return fail(res, 'TICKET_CANCELED', 'The registration was canceled.');
    const alreadyCheckedIn = entry.status !== 'register';
    if (!alreadyCheckedIn) {
      entry.status = 'checkin';
      entry.checkedInAt = new Date().toISOString();
    }
    send<DataOf<'checkin'>>(res, { candidate: candidateOf(entry), alreadyCheckedIn });
  },
};

export default handlers;
