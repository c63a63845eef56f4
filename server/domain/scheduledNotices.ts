import type { RegistrationNoticeRow } from '../db/rows';
import { noticeExamOf, notify } from './notify';
import type { DomainLogger, Repositories, UnitOfWork } from './ports';
import { DEFAULT_RELEASE_DAYS } from './seating';

export interface ScheduledNoticeDeps {
  repos: Pick<Repositories, 'notifications'>;
  uow: UnitOfWork;
  now: () => Date;
  log: DomainLogger;
}

/** The reminders, furthest first: each is written only until the next one is due. */
export const REMINDER_DAYS = [3, 1] as const;
/** Registrations one pass reads at a time. */
const BATCH = 200;

/** Writes a notice for each row `find` answers, a batch per transaction, until none is left; answers how many. */
async function writeAll(
  deps: ScheduledNoticeDeps,
  find: (tx: Pick<Repositories, 'notifications'>, limit: number) => Promise<RegistrationNoticeRow[]>,
  notice: (row: RegistrationNoticeRow) => Parameters<typeof notify>[1],
): Promise<number> {
  let written = 0;
  for (;;) {
    const now = deps.now();
    const rows = await deps.uow.run(async (tx) => {
      const due = await find(tx, BATCH);
      for (const row of due) await notify(tx, notice(row), now);
      return due;
    });
    written += rows.length;
    if (rows.length < BATCH) return written;
  }
}

/**
 * Writes the exam reminders due now: 3 days and 1 day before, at 09:00 on the exam's clock of the calendar day 3
 * (resp. 1) days before the exam's date there, for paid registrations booked before that moment. A reminder whose
 * moment passed while the next one's also did (the job was down) is not written late. The dedupe key names the
 * registration and the days, so several instances or repeated runs write each reminder once.
 */
export async function writeReminders(deps: ScheduledNoticeDeps): Promise<number> {
  let written = 0;
  for (const [index, days] of REMINDER_DAYS.entries()) {
    const next = REMINDER_DAYS[index + 1] ?? null;
    written += await writeAll(
      deps,
      (tx, limit) => tx.notifications.dueReminders(days, next, deps.now(), limit),
      (row) => ({
        userId: row.userId,
        event: 'exam.reminder',
        key: `exam.reminder:${row.registrationId}:${days}`,
        params: { exam: noticeExamOf(row.exam), registrationId: row.registrationId, days },
      }),
    );
  }
  if (written > 0) deps.log.info({ written }, 'exam reminders written');
  return written;
}

/**
 * Tells each seated candidate once that their ticket is out, when the exam's tickets are released (the center's
 * date, else 7 days before the start): the room and seat are final from then on.
 */
export async function writeTicketReleases(deps: ScheduledNoticeDeps): Promise<number> {
  const written = await writeAll(
    deps,
    (tx, limit) => tx.notifications.releasedTickets(deps.now(), DEFAULT_RELEASE_DAYS, limit),
    (row) => ({
      userId: row.userId,
      event: 'ticket.released',
      key: `ticket.released:${row.registrationId}`,
      params: { exam: noticeExamOf(row.exam), registrationId: row.registrationId },
    }),
  );
  if (written > 0) deps.log.info({ written }, 'ticket release notices written');
  return written;
}
