import { useIntl } from '@umijs/max';
import { Button, Space } from 'antd';
import type { ExamSummary } from '../../../../contract/catalog';
import { book, groupBook } from './navigation';

interface ExamActionsProps {
  exam: ExamSummary;
  /** Only students (kind individual) may book; for others Book and Group Book stay visible but disabled. */
  canBook: boolean;
  onDetails?: (exam: ExamSummary) => void;
}

/** Book, Group Book and (in the table) Details for one open exam. */
export default function ExamActions({ exam, canBook, onDetails }: ExamActionsProps) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.examlist.action.${id}` });
  const bookable = canBook && exam.seatsLeft > 0;
  return (
    <Space wrap size="small">
      <Button type="primary" size="small" disabled={!bookable} onClick={() => book(exam.id)}>
        {text('book')}
      </Button>
      <Button size="small" disabled={!bookable} onClick={() => groupBook(exam.id)}>
        {text('groupBook')}
      </Button>
      {onDetails ? (
        <Button type="link" size="small" onClick={() => onDetails(exam)}>
          {text('details')}
        </Button>
      ) : null}
    </Space>
  );
}
