import { Link } from '@umijs/max';
import { Space, type TableColumnsType } from 'antd';
import { RefundTotalsNote } from '@/components/RefundNote';
import ResponsiveList from '@/components/ResponsiveList';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { usePagedList } from '@/hooks/usePagedList';
import { useIntl } from '@/intl';
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
  const page = usePagedList(registrations, PAGE_SIZE);
  const date = ({ exam }: RegistrationView) =>
    `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
  const status = ({ status, refund }: RegistrationView) => (
    <>
      <RegistrationStatusTag status={status} />
      {refund ? <RefundTotalsNote totals={refund} /> : null}
    </>
  );
  const actions = (registration: RegistrationView) => (
    <Space wrap size="middle">
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
  );

  const columns: TableColumnsType<RegistrationView> = [
    { title: text('pages.examlist.column.exam'), key: 'exam', render: (_, { exam }) => pickText(exam.name, locale) },
    { title: text('pages.examlist.column.date'), key: 'date', render: (_, registration) => date(registration) },
    {
      title: text('pages.examlist.column.center'),
      key: 'center',
      render: (_, { exam }) => pickText(exam.center.name, locale),
    },
    { title: text('pages.examlist.column.status'), key: 'status', render: (_, registration) => status(registration) },
    {
      title: text('pages.examlist.column.actions'),
      key: 'actions',
      render: (_, registration) => actions(registration),
    },
  ];

  return (
    <section aria-labelledby="my-registrations" style={{ padding: 16 }}>
      <h2 id="my-registrations" style={{ margin: '0 0 12px', fontSize: 18 }}>
        {text('pages.examlist.mine.title')}
      </h2>
      <ResponsiveList<RegistrationView>
        {...page}
        rowKey={(registration) => registration.id}
        columns={columns}
        emptyText={text('pages.examlist.mine.empty')}
        failedTitle={text('pages.examlist.mine.failed')}
        card={(registration) => ({
          title: pickText(registration.exam.name, locale),
          body: (
            <>
              <div>{date(registration)}</div>
              <div>{pickText(registration.exam.center.name, locale)}</div>
              <div style={{ marginTop: 4 }}>{status(registration)}</div>
            </>
          ),
          actions: actions(registration),
        })}
      />
    </section>
  );
}
