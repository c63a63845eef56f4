import type { ProColumns } from '@ant-design/pro-components';
import { ProTable } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Space } from 'antd';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { RefundTotalsNote } from '@/components/RefundNote';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { registrations } from '@/services/booking';
import type { RegistrationView } from '../../../../contract/booking';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import { changeUrl, payUrl, resultUrl, ticketUrl } from './navigation';

const PAGE_SIZE = 10;
/** A ticket exists, and a result may, once the registration is paid. */
const PAID = new Set(['register', 'checkin', 'completed']);

/** The candidate's registrations, newest first as the server sends them, with what can be done with each. */
export default function MyRegistrations() {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id });

  const columns: ProColumns<RegistrationView>[] = [
    {
      title: text('pages.examlist.column.exam'),
      dataIndex: ['exam', 'name'],
      render: (_, { exam }) => pickText(exam.name, locale),
    },
    {
      title: text('pages.examlist.column.date'),
      dataIndex: ['exam', 'startsAt'],
      render: (_, { exam }) =>
        `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`,
    },
    {
      title: text('pages.examlist.column.center'),
      dataIndex: ['exam', 'center'],
      render: (_, { exam }) => pickText(exam.center.name, locale),
    },
    {
      title: text('pages.examlist.column.status'),
      dataIndex: 'status',
      render: (_, { status, refund }) => (
        <>
          <RegistrationStatusTag status={status} />
          {refund ? <RefundTotalsNote totals={refund} /> : null}
        </>
      ),
    },
    {
      title: text('pages.examlist.column.actions'),
      valueType: 'option',
      render: (_, registration) => (
        <Space wrap size="small">
          {PAID.has(registration.status) ? (
            <>
              <Link to={ticketUrl(registration.id)}>{text('pages.examlist.action.qrCode')}</Link>
              <Link to={resultUrl(registration.id)}>{text('pages.examlist.action.result')}</Link>
            </>
          ) : null}
          {registration.status === 'pending' ? (
            <Link to={payUrl(registration.id)}>{text('pages.examlist.action.pay')}</Link>
          ) : null}
          {registration.canChange ? (
            <Link to={changeUrl(registration.id)}>{text('pages.examlist.action.change')}</Link>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ProTable<RegistrationView>
      headerTitle={<h2 style={{ margin: 0, fontSize: 18 }}>{text('pages.examlist.mine.title')}</h2>}
      rowKey="id"
      columns={columns}
      request={async ({ current = 1, pageSize = PAGE_SIZE }) => tablePage(await registrations({ current, pageSize }))}
      {...serverPagedProps(PAGE_SIZE, { hideOnSinglePage: true })}
      locale={{ emptyText: text('pages.examlist.mine.empty') }}
    />
  );
}
