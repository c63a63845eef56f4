import { useIntl } from '@umijs/max';
import { Button, Space, Tag } from 'antd';
import { opensLaterWithoutRoom } from '@/utils/admission';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatInZone, zoneLabel } from '../../../../contract/format';
import { book, groupBook } from './navigation';

interface ExamActionsProps {
  exam: ExamSummary;
  /** Only students (kind individual) may book; for others Book and Group Book stay visible but disabled. */
  canBook: boolean;
  onDetails?: (exam: ExamSummary) => void;
}

/**
 * Book, Group Book and (in the table) Details for one open exam. An exam with a waiting room says so and Book leads
 * there; an exam whose registration has not opened, without one, says when it opens instead.
 */
export default function ExamActions({ exam, canBook, onDetails }: ExamActionsProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examlist.${id}` }, values);
  const bookable = canBook && exam.seatsLeft > 0;
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, intl.locale)}`;
  return (
    <Space wrap size="small">
      {exam.waitingRoom ? <Tag color="blue">{text('waitingRoom')}</Tag> : null}
      {opensLaterWithoutRoom(exam) ? (
        <Tag>{text('opensAt', { time: when(exam.registrationOpensAt) })}</Tag>
      ) : (
        <>
          <Button type="primary" size="small" disabled={!bookable} onClick={() => book(exam)}>
            {text('action.book')}
          </Button>
          <Button size="small" disabled={!bookable} onClick={() => groupBook(exam.id)}>
            {text('action.groupBook')}
          </Button>
        </>
      )}
      {onDetails ? (
        <Button type="link" size="small" onClick={() => onDetails(exam)}>
          {text('action.details')}
        </Button>
      ) : null}
    </Space>
  );
}
