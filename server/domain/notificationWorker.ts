import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { NotificationEvent } from '../../contract';
import { DEFAULT_TIME_ZONE } from '../../contract/format';
import type { QuietHours } from '../config';
import type { NotificationRow } from '../db/rows';
import { noticeTimeZone, renderNotice } from '../documents/notices';
import type { EmailProvider } from '../providers/email';
import type { SmsProvider } from '../providers/sms';
import type { DomainLogger, NotificationRecipientRow, NotificationSettlement, Repositories } from './ports';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface NotificationWorkerDeps {
  repos: Pick<Repositories, 'notifications'>;
  sms: Pick<SmsProvider, 'sendNotice'>;
  email: Pick<EmailProvider, 'send'>;
  now: () => Date;
  log: DomainLogger;
  /** SMS_QUIET_HOURS: notification SMS wait through these hours; null: never. */
  quietHours: QuietHours | null;
}

/** How long a claimed row is this worker's: far beyond one SMS or e-mail call's timeout (10 s). */
export const NOTIFICATION_LEASE_MS = 2 * 60_000;
/** Rows one claim takes. */
const BATCH = 50;
/** The waits after the 1st, 2nd, 3rd and 4th failed delivery; the 5th failure is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** No SMS from 22:00 to 08:00 on the clock of the event's place by default; login codes do not pass through here. */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: 22, until: 8 };

/** When an SMS may go if `now` is in the quiet hours on `timeZone`'s clock (the next `until` o'clock there), else null. */
export function quietHoursEnd(now: Date, timeZone: string, hours: QuietHours = DEFAULT_QUIET_HOURS): Date | null {
  const local = dayjs(now).tz(timeZone);
  const hour = local.hour();
  const quiet =
    hours.from > hours.until ? hour >= hours.from || hour < hours.until : hour >= hours.from && hour < hours.until;
  if (!quiet) return null;
  const day = hour >= hours.from && hours.from > hours.until ? local.add(1, 'day') : local;
  return dayjs.tz(`${day.format('YYYY-MM-DD')} ${String(hours.until).padStart(2, '0')}:00`, timeZone).toDate();
}

export interface DeliveryTally {
  sent: number;
  skipped: number;
  deferred: number;
  retried: number;
  failed: number;
}

/** Why a row goes nowhere: the account is gone, the channel was switched off since, or there is no address. */
function undeliverable(row: NotificationRow, recipient: NotificationRecipientRow | null) {
  if (!recipient || recipient.anonymized) return 'the account no longer takes notifications';
  if (row.channel === 'sms' && !recipient.notifySms) return 'SMS switched off';
  if (row.channel === 'email' && !recipient.notifyEmail) return 'e-mail switched off';
  if (row.channel === 'email' && recipient.email === '') return 'no e-mail address';
  return null;
}

/** What happened to one claimed row: the settlement to record and how the tally counts it. */
async function deliver(
  deps: NotificationWorkerDeps,
  row: NotificationRow,
): Promise<{ settlement: NotificationSettlement; tally: keyof DeliveryTally }> {
  const now = deps.now();
  const recipient = await deps.repos.notifications.recipient(row.userId);
  const nowhere = undeliverable(row, recipient);
  if (nowhere || !recipient) {
    return { settlement: { status: 'skipped', lastError: nowhere ?? 'no recipient' }, tally: 'skipped' };
  }
  if (row.channel === 'sms' && deps.quietHours) {
    const wait = quietHoursEnd(now, noticeTimeZone(row.params) ?? DEFAULT_TIME_ZONE, deps.quietHours);
    if (wait) {
      const settlement = { status: 'pending', nextAttemptAt: wait, attempts: row.attempts, lastError: null } as const;
      return { settlement, tally: 'deferred' };
    }
  }
  const attempts = row.attempts + 1;
  try {
    const locale = row.locale === 'en-US' ? 'en-US' : 'zh-CN';
    const notice = renderNotice(row.event as NotificationEvent, row.params, locale);
    if (row.channel === 'sms') await deps.sms.sendNotice(recipient.phone, notice.sms);
    if (row.channel === 'email')
      await deps.email.send({ to: recipient.email, subject: notice.title, text: notice.body });
    return { settlement: { status: 'sent', sentAt: deps.now(), attempts }, tally: 'sent' };
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    if (attempts >= MAX_ATTEMPTS) return { settlement: { status: 'failed', attempts, lastError }, tally: 'failed' };
    const nextAttemptAt = new Date(now.getTime() + (RETRY_DELAYS_MS[attempts - 1] ?? 0));
    return { settlement: { status: 'pending', nextAttemptAt, attempts, lastError }, tally: 'retried' };
  }
}

/**
 * Delivers the outbox: claims due pending rows in batches (FOR UPDATE SKIP LOCKED with a lease, so every instance
 * can run this at once and each row goes to one of them), sends each by its channel in the language it was written
 * for, and records the outcome: sent; skipped when the candidate switched the channel off since or gave no e-mail
 * address; an SMS in the quiet hours (SMS_QUIET_HOURS, 22:00-08:00 on the exam's clock) waits for their end; a failure is tried again
 * after 1 min, 5 min, 30 min, 2 h, then the row is failed with its last error. A worker that dies holding rows only
 * delays them: once the lease runs out another claims them. A settlement made after losing the lease changes nothing.
 */
export async function deliverNotifications(deps: NotificationWorkerDeps, batch = BATCH): Promise<DeliveryTally> {
  const tally: DeliveryTally = { sent: 0, skipped: 0, deferred: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = deps.now();
    const lease = new Date(now.getTime() + NOTIFICATION_LEASE_MS);
    const claimed = await deps.repos.notifications.claimDue(now, batch, lease);
    for (const row of claimed) {
      const outcome = await deliver(deps, row);
      if (!(await deps.repos.notifications.settle(row.id, lease, outcome.settlement))) continue;
      tally[outcome.tally] += 1;
      const facts = { notificationId: row.id, event: row.event, channel: row.channel, userId: row.userId };
      if (outcome.settlement.status === 'failed') {
        deps.log.error({ ...facts, ...outcome.settlement }, 'notification failed after its last attempt');
      } else if (outcome.tally === 'retried') {
        deps.log.warn({ ...facts, ...outcome.settlement }, 'notification delivery failed; it is tried again later');
      } else if (outcome.tally === 'skipped') {
        deps.log.info({ ...facts, ...outcome.settlement }, 'notification skipped');
      }
    }
    if (claimed.length < batch) break;
  }
  if (tally.sent + tally.failed + tally.retried > 0) deps.log.info({ ...tally }, 'notifications delivered');
  return tally;
}
