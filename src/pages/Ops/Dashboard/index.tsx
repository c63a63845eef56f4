import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import DatePicker from '@/components/DatePicker';
import { withPageTexts } from '@/components/PageTexts';
import { useIntl } from '@/intl';
import { dashboard } from '@/services/ops';
import { OPS_ZONE } from '../components/money';
import OpsShell, { useOpsSections } from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';
import DayCharts from './components/DayCharts';
import ExamSeats from './components/ExamSeats';
import Figures from './components/Figures';

const RANGE_ID = 'ops-dashboard-range';
const DAY = 'YYYY-MM-DD';

/** The last `days` Beijing days up to today. */
const lastDays = (days: number): [string, string] => {
  const today = dayjs().tz(OPS_ZONE);
  return [today.subtract(days - 1, 'day').format(DAY), today.format(DAY)];
};

/**
 * /ops, where every operator lands: the platform's figures over a range of Beijing days (the last 14 by default),
 * computed by the server. Money figures come only to operators holding finance.
 */
function DashboardPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.dashboard.${id}` });
  const access = useAccess();
  const sections = useOpsSections();
  const [[from, to], setRange] = useState(() => lastDays(14));
  const figures = useRequest(() => dashboard({ from, to }), { refreshDeps: [from, to] });
  const today = dayjs().tz(OPS_ZONE);
  const presets = [7, 14, 30, 90].map((days) => {
    const [start, end] = lastDays(days);
    return {
      label: intl.formatMessage({ id: 'pages.ops.dashboard.range.last' }, { days }),
      value: [dayjs(start), dayjs(end)] as [dayjs.Dayjs, dayjs.Dayjs],
    };
  });

  return (
    <OpsShell title={intl.formatMessage({ id: 'menu.ops.dashboard' })}>
      {sections.every((section) => section.path === '/ops') ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={intl.formatMessage({ id: 'pages.ops.home.none' })}
        />
      ) : null}
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <label htmlFor={RANGE_ID}>{text('range')}</label>
        <DatePicker.RangePicker
          id={RANGE_ID}
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          presets={presets}
          maxDate={today}
          minDate={today.subtract(365 * 2, 'day')}
          onChange={(days) => {
            const [start, end] = days ?? [];
            if (start && end) setRange([start.format(DAY), end.format(DAY)]);
          }}
        />
      </Space>
      {figures.error ? <Alert type="error" showIcon message={text('failed')} /> : null}
      {figures.data ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Figures figures={figures.data} links={{ centers: access.canOpsCenters, refunds: access.canOpsFinance }} />
          <DayCharts days={figures.data.days} />
          <ExamSeats exams={figures.data.exams} />
        </Space>
      ) : figures.loading ? (
        <Spin />
      ) : null}
    </OpsShell>
  );
}

export default withPageTexts(DashboardPage, OPS_TEXTS);
