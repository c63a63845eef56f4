import type { Config } from '../config';

const HOUR_MS = 3_600_000;

/** The change lock (CHANGE_LOCK_HOURS, 72 by default): within it a booked seat can be neither changed nor canceled. */
type LockDeps = { config: Pick<Config, 'changeLockHours'> };

/** From this instant on, the server refuses change and cancellation of a booked registration of an exam. */
export function lockedFrom(deps: LockDeps, startsAt: Date): Date {
  return new Date(startsAt.getTime() - deps.config.changeLockHours * HOUR_MS);
}

/** A registration may move only to an exam starting after this instant (outside the lock, seen from `now`). */
export function startsAfterLock(deps: LockDeps, now: Date): Date {
  return new Date(now.getTime() + deps.config.changeLockHours * HOUR_MS);
}
