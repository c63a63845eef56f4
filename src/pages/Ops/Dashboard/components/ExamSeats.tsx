import { Bar } from '@ant-design/plots';
import type { TableColumnsType } from 'antd';
import { useIntl } from '@/intl';
import { pickText } from '../../../../../contract/format';
import type { Dashboard } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';
import ChartCard from './ChartCard';

type Exam = Dashboard['exams'][number];

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Seats filled per exam starting in the range (percent of capacity), with check-in once an exam has begun. */
export default function ExamSeats({ exams }: { exams: Exam[] }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.dashboard.exams.${id}` }, values);
  const format = opsFormat(intl.locale);
  const bars = exams.map((exam) => ({ code: exam.code, filled: percent(exam.seatsTaken, exam.capacity) }));
  const columns: TableColumnsType<Exam> = [
    { title: text('exam'), key: 'exam', render: (_, exam) => `${pickText(exam.name, intl.locale)} (${exam.code})` },
    { title: text('startsAt'), key: 'startsAt', render: (_, exam) => format.at(exam.startsAt) },
    {
      title: text('seats'),
      key: 'seats',
      render: (_, exam) =>
        text('seats.of', {
          taken: String(exam.seatsTaken),
          capacity: String(exam.capacity),
          percent: String(percent(exam.seatsTaken, exam.capacity)),
        }),
    },
    {
      title: text('checkin'),
      key: 'checkin',
      render: (_, exam) => text('checkin.of', { checkedIn: String(exam.checkedIn), admitted: String(exam.admitted) }),
    },
  ];
  return (
    <ChartCard<Exam>
      id="ops-dashboard-exams"
      title={text('title')}
      chart={<Bar data={bars} xField="code" yField="filled" height={Math.max(160, bars.length * 28)} />}
      empty={text('empty')}
      columns={columns}
      rows={exams}
      rowKey="id"
    />
  );
}
