import type { NotificationChannel, NotificationEvent } from '../../contract';
import type { ExamRow } from '../db/rows';
import type { NoticeExam } from '../documents/notices';
import { uuidv7 } from '../ids';
import type { NotificationInsert, Repositories } from './ports';

/** One thing to tell a candidate: what happened, the values its text needs, and what makes it happen once. */
export interface Notice {
  userId: string;
  event: NotificationEvent;
  /** The values the text is written from: names in both languages ({zh, en}), ISO instants, amounts in fen. */
  params: Record<string, unknown>;
  /** Names this occurrence (e.g. `booking.paid:<orderId>`); the channel is added to it. Told again: written once. */
  key: string;
}

/**
 * Writes a notice to the outbox inside the caller's transaction, so it is sent exactly when the change commits: one
 * row per channel the candidate takes (in-app always, visible at once; SMS unless switched off; e-mail when they
 * gave an address and did not switch it off), in the language they last used the app in. The notification worker
 * (domain/notificationWorker.ts) delivers the pending rows. An anonymized account is told nothing.
 */
export async function notify(tx: Pick<Repositories, 'notifications'>, notice: Notice, now: Date): Promise<void> {
  const recipient = await tx.notifications.recipient(notice.userId);
  if (!recipient || recipient.anonymized) return;
  const channels: NotificationChannel[] = ['inapp'];
  if (recipient.notifySms) channels.push('sms');
  if (recipient.notifyEmail && recipient.email !== '') channels.push('email');
  const rows: NotificationInsert[] = channels.map((channel) => ({
    id: uuidv7(now.getTime()),
    userId: notice.userId,
    event: notice.event,
    channel,
    params: notice.params,
    locale: recipient.locale,
    dedupeKey: `${notice.key}:${channel}`,
    status: channel === 'inapp' ? 'sent' : 'pending',
    nextAttemptAt: now,
    sentAt: channel === 'inapp' ? now : null,
  }));
  await tx.notifications.enqueue(rows);
}

/** The exam as every notice names it (documents/notices.ts noticeExam): names, code, start, clock, arrival, place. */
export function noticeExamOf(
  exam: Pick<
    ExamRow,
    'id' | 'code' | 'nameZh' | 'nameEn' | 'startsAt' | 'timeZone' | 'arrivalLeadMinutes' | 'locationZh' | 'locationEn'
  >,
): NoticeExam {
  return {
    id: exam.id,
    code: exam.code,
    name: { zh: exam.nameZh, en: exam.nameEn },
    startsAt: exam.startsAt.toISOString(),
    timeZone: exam.timeZone,
    arrivalLeadMinutes: exam.arrivalLeadMinutes,
    address: { zh: exam.locationZh, en: exam.locationEn },
  };
}
