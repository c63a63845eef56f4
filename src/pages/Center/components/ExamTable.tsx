import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Button, Space } from 'antd';
import type { MutableRefObject, ReactNode } from 'react';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { centerExams } from '@/services/center';
import type { CenterExam } from '../../../../contract/center';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import { isEditable } from '../examForm';
import ExamStatusTag from './ExamStatusTag';

const PAGE_SIZE = 10;

export const examPageUrl = (exam: Pick<CenterExam, 'id'>) => `/home/center/exams/${encodeURIComponent(exam.id)}`;

/** The statuses a roster counts, in the order a registration goes through them. */
const COUNTED = ['pending', 'register', 'checkin', 'completed', 'canceled'] as const;

interface ExamTableProps {
  actionRef: MutableRefObject<ActionType | undefined>;
  /** The table's heading (an h2), which names the table. */
  title: ReactNode;
  headingId: string;
  toolbar: ReactNode;
  onEdit: (exam: CenterExam) => void;
  onCancel: (exam: CenterExam) => void;
}

/** The center's exams, soonest first, paged by the server, each with its seats, its candidates and what can be done. */
export default function ExamTable({ actionRef, title, headingId, toolbar, onEdit, onCancel }: ExamTableProps) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.console.${id}` }, values);

  const columns: ProColumns<CenterExam>[] = [
    {
      title: text('column.exam'),
      dataIndex: 'name',
      render: (_, exam) => (
        <>
          <Link to={examPageUrl(exam)}>{pickText(exam.name, locale)}</Link>
          <div>{exam.code}</div>
        </>
      ),
    },
    {
      title: text('column.date'),
      dataIndex: 'startsAt',
      render: (_, exam) =>
        `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`,
    },
    { title: text('column.status'), dataIndex: 'status', render: (_, exam) => <ExamStatusTag status={exam.status} /> },
    {
      title: text('column.seats'),
      dataIndex: 'seatsTaken',
      render: (_, exam) => text('seats', { taken: exam.seatsTaken, capacity: exam.capacity }),
    },
    {
      title: text('column.candidates'),
      dataIndex: 'counts',
      render: (_, exam) => (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {COUNTED.filter((status) => exam.counts[status] > 0).map((status) => (
            <li key={status}>
              {text('count', {
                status: intl.formatMessage({ id: `status.registration.${status}` }),
                n: exam.counts[status],
              })}
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, exam) => {
        const name = pickText(exam.name, locale);
        return (
          <Space wrap size="small">
            <Link to={examPageUrl(exam)} aria-label={text('open.label', { name })}>
              {text('open')}
            </Link>
            {isEditable(exam) ? (
              <>
                <Button size="small" onClick={() => onEdit(exam)} aria-label={text('edit.label', { name })}>
                  {text('edit')}
                </Button>
                <Button size="small" danger onClick={() => onCancel(exam)} aria-label={text('cancel.label', { name })}>
                  {text('cancel')}
                </Button>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <ProTable<CenterExam>
      actionRef={actionRef}
      headerTitle={title}
      toolBarRender={() => [toolbar]}
      rowKey="id"
      columns={columns}
      aria-labelledby={headingId}
      request={async ({ current = 1, pageSize = PAGE_SIZE }) => tablePage(await centerExams({ current, pageSize }))}
      {...serverPagedProps(PAGE_SIZE, { labelledBy: headingId }, { hideOnSinglePage: true })}
      locale={{ emptyText: text('empty') }}
    />
  );
}
