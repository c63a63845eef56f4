import { Link } from '@umijs/max';
import { Button, Space, Tag } from 'antd';
import ToneTag from '@/components/ToneTag';
import WaitlistButton from '@/components/WaitlistButton';
import { useIntl } from '@/intl';
import { opensLaterWithoutRoom } from '@/utils/admission';
import type { RegistrationView } from '../../../../contract/booking';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatInZone, zoneLabel } from '../../../../contract/format';
import { book, groupBook, payUrl, resultUrl, ticketUrl } from './navigation';

interface ExamActionsProps {
  exam: ExamSummary;
  /** Only students (kind individual) may book; for others Book and Group Book stay visible but disabled. */
  canBook: boolean;
  /** The candidate's own live registration for this exam, if any: then the exam says Booked instead of offering Book. */
  booked?: RegistrationView;
  onDetails?: (exam: ExamSummary) => void;
}

/** Where a booked exam leads: its payment while unpaid, its result once over, else its ticket. */
function BookedActions({ registration }: { registration: RegistrationView }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.${id}` });
  const [url, label] =
    registration.status === 'pending'
      ? [payUrl(registration.id), 'action.pay']
      : registration.status === 'completed'
        ? [resultUrl(registration.id), 'action.result']
        : [ticketUrl(registration.id), 'action.viewTicket'];
  return (
    <>
      <ToneTag tone="green">{text('booked')}</ToneTag>
      <Link to={url}>{text(label)}</Link>
    </>
  );
}

/**
 * Book, Group Book and (in the table) Details for one open exam. An exam the candidate has booked says so, with the
 * way to its payment or ticket; an exam with a waiting room says so and Book leads there; an exam whose registration
 * has not opened, without one, says when it opens instead. A sold-out exam offers its waiting list to a candidate
 * (components/WaitlistButton).
 */
export default function ExamActions({ exam, canBook, booked, onDetails }: ExamActionsProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examlist.${id}` }, values);
  const bookable = canBook && exam.seatsLeft > 0;
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, intl.locale)}`;
  return (
    <Space wrap size="small">
      {exam.waitingRoom && !booked ? <Tag color="blue">{text('waitingRoom')}</Tag> : null}
      {booked ? (
        <BookedActions registration={booked} />
      ) : opensLaterWithoutRoom(exam) ? (
        <Tag>{text('opensAt', { time: when(exam.registrationOpensAt) })}</Tag>
      ) : (
        <Button type="primary" size="small" disabled={!bookable} onClick={() => book(exam)}>
          {text('action.book')}
        </Button>
      )}
      {opensLaterWithoutRoom(exam) ? null : (
        <Button size="small" disabled={!bookable} onClick={() => groupBook(exam.id)}>
          {text('action.groupBook')}
        </Button>
      )}
      {canBook && !booked && exam.seatsLeft === 0 ? <WaitlistButton examId={exam.id} /> : null}
      {onDetails ? (
        <Button type="link" size="small" onClick={() => onDetails(exam)}>
          {text('action.details')}
        </Button>
      ) : null}
    </Space>
  );
}
