import { Column, Line } from '@ant-design/plots';
import type { TableColumnsType } from 'antd';
import { useIntl } from '@/intl';
import type { Dashboard } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';
import ChartCard from './ChartCard';

type Day = Dashboard['days'][number];

const HEIGHT = 260;

/** Registrations per day, and (for finance) revenue and refunds per day in yuan. */
export default function DayCharts({ days }: { days: Day[] }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.dashboard.days.${id}` });
  const format = opsFormat(intl.locale);
  const withMoney = days.every((day) => day.revenueFen !== null && day.refundedFen !== null);
  const money = days.flatMap((day) => [
    { date: day.date, series: text('revenue'), yuan: (day.revenueFen ?? 0) / 100 },
    { date: day.date, series: text('refunded'), yuan: (day.refundedFen ?? 0) / 100 },
  ]);
  const dateColumn = { title: text('date'), key: 'date', dataIndex: 'date' };
  const registrationColumns: TableColumnsType<Day> = [
    dateColumn,
    { title: text('registrations'), key: 'registrations', dataIndex: 'registrations' },
  ];
  const moneyColumns: TableColumnsType<Day> = [
    dateColumn,
    { title: text('revenue'), key: 'revenue', render: (_, day) => format.money(day.revenueFen ?? 0) },
    { title: text('refunded'), key: 'refunded', render: (_, day) => format.money(day.refundedFen ?? 0) },
  ];

  return (
    <>
      <ChartCard<Day>
        id="ops-dashboard-registrations"
        title={text('registrations.title')}
        chart={<Column data={days} xField="date" yField="registrations" height={HEIGHT} />}
        columns={registrationColumns}
        rows={days}
        rowKey="date"
        empty={text('empty')}
      />
      {withMoney ? (
        <ChartCard<Day>
          id="ops-dashboard-revenue"
          title={text('revenue.title')}
          chart={<Line data={money} xField="date" yField="yuan" colorField="series" height={HEIGHT} />}
          columns={moneyColumns}
          rows={days}
          rowKey="date"
          empty={text('empty')}
        />
      ) : null}
    </>
  );
}
