import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CenterVerificationStatus, ExamSummary, QueueStatus } from '../../contract';
import type { Config } from '../config';
import type { ExamRow, UserRow } from '../db/rows';
import { AppError } from '../errors';
import { type Actor, record } from './audit';
import { VISIBLE_CENTER_STATUSES } from './centerVerification';
import type { Repositories, UnitOfWork, WaitingLine } from './ports';
import { toExamSummary } from './views/exams';

/**
 * An exam's waiting room (issue 14): everyone who joins before registration opens gets a random place (arriving
 * early earns nothing over arriving on time), later arrivals queue behind in arrival order, and the line is admitted
 * from the front at the rate the service can serve. An admitted candidate gets a short-lived signed admission token
 * that booking the exam requires while its waiting room is on. The line lives in a WaitingLine (Redis when several
 * instances share it); status answers read the exam through a cache of about a second, so a hundred thousand
 * candidates polling cost the database almost nothing.
 */

type ExamWithCenter = ExamRow & { centerStatus: CenterVerificationStatus };

export interface WaitingRoomDeps {
  line: WaitingLine;
  /** The exam as a status answer may see it: at most about a second old (see examGlimpse). */
  glimpse: (examId: string) => Promise<ExamWithCenter | undefined>;
  config: Pick<Config, 'appSecret' | 'waitingRoom'>;
  now: () => Date;
  /** This process is shedding load: admit nobody until it has caught up (those admitted already still book). */
  overloaded: () => boolean;
}

const SECOND_MS = 1000;
/** Never ask again sooner than this (the front of the line), nor later than this (far back, or nothing to wait for). */
const MIN_CHECK_S = 2;
const MAX_CHECK_S = 60;
/** Those who joined before the opening are told to come back spread over this many seconds after it. */
const OPENING_SPREAD_S = 5;
/** Draws are whole numbers below this, scaled into [0, 1). */
const DRAW_RANGE = 2 ** 47;
/**
 * After the opening, how long until no instance can still be drawing a place (their clocks may differ a little and a
 * join may be under way): from then on places are final and instances may answer looks from memory.
 */
const RANKS_SETTLE_MS = 5 * SECOND_MS;
/** Kept after registration ends, then forgotten. */
const LINE_KEPT_MS = 86_400_000;

/** How old a glimpse of an exam may be while a fresher one is being read (see examGlimpse). */
export const GLIMPSE_STALE_MS = 5 * SECOND_MS;

interface Glimpsed {
  readAt: number;
  exam: Promise<ExamWithCenter | undefined>;
  /** A fresher read is under way. */
  refreshing: boolean;
}

/**
 * Reads exams for the status path through a short cache: one query per exam per `ttlMs` per instance, however many
 * candidates ask. Past `ttlMs` the glimpse is read again in the background while answers keep using the one held (up
 * to GLIMPSE_STALE_MS old), so a status answer never waits behind a database busy with a rush of logins. Seats left
 * may be that old; booking itself never trusts it.
 */
export function examGlimpse(
  repos: Pick<Repositories, 'exams'>,
  clock: () => Date,
  ttlMs = SECOND_MS,
): (examId: string) => Promise<ExamWithCenter | undefined> {
  const cached = new Map<string, Glimpsed>();
  const read = (examId: string, now: number): Glimpsed => {
    const glimpse: Glimpsed = { readAt: now, exam: repos.exams.exam(examId), refreshing: false };
    glimpse.exam.then(
      () => cached.set(examId, glimpse),
      () => cached.get(examId) === glimpse && cached.delete(examId),
    );
    return glimpse;
  };
  return (examId) => {
    const now = clock().getTime();
    const held = cached.get(examId);
    if (held && now - held.readAt < ttlMs) return held.exam;
    if (held && now - held.readAt < GLIMPSE_STALE_MS) {
      if (!held.refreshing) {
        held.refreshing = true;
        read(examId, now).exam.catch(() => {
          held.refreshing = false;
        });
      }
      return held.exam;
    }
    if (cached.size > 10_000) cached.clear();
    const fresh = read(examId, now);
    cached.set(examId, fresh);
    return fresh.exam;
  };
}

/** Admissions per second: the configured rate, but never more than one second's worth of the seats left. */
export function admissionRate(config: Pick<Config, 'waitingRoom'>, seatsLeft: number): number {
  const rate = config.waitingRoom.admitPerSecond;
  return Math.min(rate, Math.max(Math.ceil(rate / 20), seatsLeft));
}

function admissionKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('waiting-room admission').digest();
}

function admissionSignature(secret: string, examId: string, userId: string, expiresMs: number): Buffer {
  return createHmac('sha256', admissionKey(secret)).update(`${examId}|${userId}|${expiresMs}`).digest();
}

/** `<expiry in ms, base 36>.<HMAC of exam, account and expiry>`: valid for that account and exam only. */
export function signAdmission(secret: string, examId: string, userId: string, expiresAt: Date): string {
  const expiresMs = expiresAt.getTime();
  return `${expiresMs.toString(36)}.${admissionSignature(secret, examId, userId, expiresMs).toString('base64url')}`;
}

/**
 * Booking's check while the exam's waiting room is on. No token, or one not signed for this account and exam (forged,
 * someone else's, another exam's), is ADMISSION_REQUIRED: join the line. A genuine one past its expiry is
 * ADMISSION_EXPIRED: ask the line again for a fresh one.
 */
export function assertAdmitted(
  deps: { config: Pick<Config, 'appSecret'>; now: () => Date },
  exam: Pick<ExamRow, 'id' | 'waitingRoom'>,
  userId: string,
  token: string | undefined,
): void {
  if (!exam.waitingRoom) return;
  const [expiry = '', signature = ''] = (token ?? '').split('.');
  const expiresMs = Number.parseInt(expiry, 36);
  const given = Buffer.from(signature, 'base64url');
  const expected = Number.isSafeInteger(expiresMs)
    ? admissionSignature(deps.config.appSecret, exam.id, userId, expiresMs)
    : undefined;
  if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('ADMISSION_REQUIRED');
  }
  if (expiresMs <= deps.now().getTime()) throw new AppError('ADMISSION_EXPIRED');
}

/** Takes a random place before the opening (joining again keeps the one held). */
function drawPlace(deps: WaitingRoomDeps, examId: string, userId: string, expiresAtMs: number) {
  return deps.line.visit({ examId, userId, join: { draw: randomInt(DRAW_RANGE) / DRAW_RANGE }, expiresAtMs });
}

const clampCheck = (seconds: number) => Math.min(MAX_CHECK_S, Math.max(MIN_CHECK_S, Math.ceil(seconds)));

/** Whether the exam takes bookings at all now: active, its center approved, registration not over, not started. */
function closed(exam: ExamWithCenter, now: Date): boolean {
  return (
    exam.status !== 'active' ||
    exam.centerStatus !== 'approved' ||
    exam.registrationEndsAt <= now ||
    exam.startsAt <= now
  );
}

/**
 * `POST` (join: take a place, or keep the one held) and `GET` (look) of an exam's queue. Before the opening a joiner
 * draws a random place, shown from the opening on; after it they queue behind everyone. The line is admitted from the
 * front at admissionRate; an admitted candidate gets a token valid for WAITING_ROOM_ADMISSION_MINUTES, fresh on each
 * ask. No seat left answers sold_out to everyone at once (a hold that expires puts the line back in motion).
 */
export async function queueStatus(
  deps: WaitingRoomDeps,
  user: { id: string },
  examId: string,
  join: boolean,
): Promise<QueueStatus> {
  const exam = await deps.glimpse(examId);
  if (!exam || exam.status === 'inactive' || !VISIBLE_CENTER_STATUSES.includes(exam.centerStatus)) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam has this id.');
  }
  const now = deps.now();
  const nowMs = now.getTime();
  const opensAt = exam.registrationOpensAt;
  const answer = (fields: Partial<QueueStatus> & Pick<QueueStatus, 'state' | 'nextCheckSeconds'>): QueueStatus => ({
    examId,
    opensAt: opensAt?.toISOString() ?? null,
    serverTime: now.toISOString(),
    position: null,
    ahead: null,
    estimatedWaitSeconds: null,
    admission: null,
    ...fields,
  });
  const admitted = () => {
    const expiresAt = new Date(nowMs + deps.config.waitingRoom.admissionMinutes * 60_000);
    const token = signAdmission(deps.config.appSecret, examId, user.id, expiresAt);
    const renewIn = (deps.config.waitingRoom.admissionMinutes * 60) / 2;
    return answer({
      state: 'admitted',
      nextCheckSeconds: Math.min(MAX_CHECK_S, renewIn),
      admission: { token, expiresAt: expiresAt.toISOString() },
    });
  };
  if (closed(exam, now)) return answer({ state: 'closed', nextCheckSeconds: MAX_CHECK_S });
  const expiresAtMs = exam.registrationEndsAt.getTime() + LINE_KEPT_MS;
  const seatsLeft = exam.capacity - exam.seatsTaken;
  const perSecond = admissionRate(deps.config, seatsLeft);
  // While this process sheds load the line stands still: time spent overloaded admits nobody, then or later.
  const admitting = deps.overloaded() ? 0 : perSecond;
  if (opensAt && opensAt.getTime() > nowMs) {
    const untilOpen = (opensAt.getTime() - nowMs) / SECOND_MS;
    if (untilOpen > MAX_CHECK_S / 2) {
      if (join && exam.waitingRoom) await drawPlace(deps, examId, user.id, expiresAtMs);
      return answer({ state: 'not_open', nextCheckSeconds: MAX_CHECK_S / 2 });
    }
    // Everyone who came early comes back after the opening, spread out so they do not all ask in one instant: a
    // place drawn near the front just after it, one further back about when the line should be halfway to it. The
    // rank among those who drew so far is a lower bound of the rank at the opening, so nobody comes back late.
    const standing = exam.waitingRoom
      ? await (join
          ? drawPlace(deps, examId, user.id, expiresAtMs)
          : deps.line.visit({ examId, userId: user.id, expiresAtMs }))
      : undefined;
    const spread = Math.max(randomInt(1, OPENING_SPREAD_S + 1), Math.floor((standing?.rank ?? 0) / perSecond / 2));
    return answer({ state: 'not_open', nextCheckSeconds: Math.ceil(untilOpen) + Math.min(MAX_CHECK_S, spread) });
  }
  if (seatsLeft <= 0) return answer({ state: 'sold_out', nextCheckSeconds: MAX_CHECK_S });
  if (!exam.waitingRoom) return admitted();

  const standing = await deps.line.visit({
    examId,
    userId: user.id,
    ...(join ? { join: 'arrival' as const } : {}),
    admit: { nowMs, startMs: opensAt?.getTime() ?? nowMs, perSecond: admitting },
    ranksFinal: !opensAt || nowMs >= opensAt.getTime() + RANKS_SETTLE_MS,
    expiresAtMs,
  });
  if (standing.rank === undefined) return answer({ state: 'waiting', nextCheckSeconds: MIN_CHECK_S });
  const through = Math.floor(standing.admitted);
  if (standing.rank < through) return admitted();
  const ahead = standing.rank - through;
  const estimatedWaitSeconds = Math.ceil((ahead + 1) / perSecond);
  return answer({
    state: 'waiting',
    position: standing.rank + 1,
    ahead,
    estimatedWaitSeconds,
    // Half the estimated wait: those near the front ask often, those far back rarely, so the total stays bounded.
    nextCheckSeconds: clampCheck(estimatedWaitSeconds / 2),
  });
}

export interface WaitingRoomSwitchDeps {
  repos: Pick<Repositories, 'exams' | 'centers'>;
  uow: UnitOfWork;
  now: () => Date;
}

/** A center switches the waiting room of one of its exams (any other id: NOT_FOUND). */
export async function switchCenterWaitingRoom(
  deps: WaitingRoomSwitchDeps,
  user: UserRow,
  examId: string,
  enabled: boolean,
): Promise<ExamSummary> {
  const center = await deps.repos.centers.centerOf(user.id);
  if (!center || !(await deps.repos.exams.setWaitingRoom(examId, enabled, center.id))) {
    throw new AppError('NOT_FOUND', undefined, undefined, undefined, 'No exam of yours has this id.');
  }
  return summaryOf(deps, examId);
}

/** An operator switches any exam's waiting room; the change leaves an audit row (nothing changed: none). */
export function switchWaitingRoom(
  deps: WaitingRoomSwitchDeps,
  actor: Actor,
  examId: string,
  enabled: boolean,
): Promise<ExamSummary> {
  return deps.uow.run(async (store) => {
    const before = await store.exams.exam(examId);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.waitingRoom !== enabled) {
      await store.exams.setWaitingRoom(examId, enabled);
      await record(store.audit, actor, deps.now(), {
        action: 'exam.waitingRoom',
        target: { type: 'exam', id: examId, label: before.code },
        before: { waitingRoom: before.waitingRoom },
        after: { waitingRoom: enabled },
      });
    }
    return summaryOf({ repos: store }, examId);
  });
}

async function summaryOf(deps: { repos: Pick<Repositories, 'exams'> }, examId: string): Promise<ExamSummary> {
  const row = await deps.repos.exams.examSummary(examId);
  if (!row) throw new AppError('NOT_FOUND');
  return toExamSummary(row);
}
