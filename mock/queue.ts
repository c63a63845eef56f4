/**
 * Waiting rooms for `npm run dev`: an exam whose waiting room is on counts down to its opening, then lines up whoever
 * joins: the place shrinks as time passes and the candidate is admitted about twenty seconds after joining (the mock
 * keeps no real line). Centers and operators switch an exam's room on and off.
 */
import { api, type CurrentUser, opsApi, type QueueStatus } from '../contract';
import { exams, type MockExam } from './lib/fixtures';
import { on, refuse } from './lib/http';
import { examOf, isOpen, summaryOf } from './lib/store';

/** Seconds from joining (or the opening, for those who joined before it) until the mock admits. */
const WAIT_S = 20;
const ADMISSION_MS = 10 * 60_000;
/** `${userId}:${examId}` -> when that account took its place. */
const joined = new Map<string, number>();

function status(user: CurrentUser, exam: MockExam, join: boolean): QueueStatus {
  const now = Date.now();
  const opensAt = exam.registrationOpensAt ? Date.parse(exam.registrationOpensAt) : null;
  const base = {
    examId: exam.id,
    opensAt: exam.registrationOpensAt,
    serverTime: new Date(now).toISOString(),
    position: null,
    ahead: null,
    estimatedWaitSeconds: null,
    admission: null,
  };
  if (!isOpen(exam)) return { ...base, state: 'closed', nextCheckSeconds: 60 };
  if (exam.seatsTaken >= exam.capacity) return { ...base, state: 'sold_out', nextCheckSeconds: 60 };
  const key = `${user.id}:${exam.id}`;
  if (join && !joined.has(key)) joined.set(key, now);
  const since = joined.get(key);
  if (opensAt !== null && opensAt > now) {
    return {
      ...base,
      state: 'not_open',
      nextCheckSeconds: Math.max(1, Math.min(30, Math.ceil((opensAt - now) / 1000))),
    };
  }
  if (since === undefined) return { ...base, state: 'waiting', nextCheckSeconds: 5 };
  const waited = (now - Math.max(since, opensAt ?? since)) / 1000;
  const left = Math.ceil(WAIT_S - waited);
  if (left <= 0) {
    const expiresAt = new Date(now + ADMISSION_MS).toISOString();
    return {
      ...base,
      state: 'admitted',
      nextCheckSeconds: 60,
      admission: { token: `mock-admission-${key}`, expiresAt },
    };
  }
  const ahead = left * 7;
  return { ...base, state: 'waiting', position: ahead + 1, ahead, estimatedWaitSeconds: left, nextCheckSeconds: 3 };
}

function ownExam(user: CurrentUser, id: string): MockExam {
  const exam = exams.get(id);
  return exam?.ownerId === user.id ? exam : refuse('NOT_FOUND');
}

export default Object.fromEntries([
  on(api.queueJoin, ({ params, user }) => status(user, examOf(params.id), true)),
  on(api.queueStatus, ({ params, user }) => status(user, examOf(params.id), false)),
  on(api.centerWaitingRoom, ({ params, body, user }) => {
    const exam = ownExam(user, params.id);
    exam.waitingRoom = body.enabled;
    return summaryOf(exam);
  }),
  on(opsApi.opsWaitingRoom, ({ params, body }) => {
    const exam = examOf(params.id);
    exam.waitingRoom = body.enabled;
    return summaryOf(exam);
  }),
]);
