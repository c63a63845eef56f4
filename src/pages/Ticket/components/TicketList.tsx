import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Card, List } from 'antd';
import LoadState from '@/components/LoadState';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { useReloadOnline } from '@/hooks/useReloadOnline';
import { useIntl } from '@/intl';
import { registrations } from '@/services/booking';
import { handledHere } from '@/utils/failure';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';

/** /home/ticket without a parameter: my registrations, each leading to its ticket. */
export default function TicketList() {
  const intl = useIntl();
  const { locale } = intl;
  const { data, loading, error, refresh } = useRequest(() => registrations({ current: 1, pageSize: 20 }, handledHere));
  useReloadOnline(Boolean(error), refresh);
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.ticket.listTitle' })}</h1>}>
      <LoadState
        loading={loading}
        error={error}
        empty={!data?.list.length}
        emptyText={intl.formatMessage({ id: 'pages.ticket.list.empty' })}
        onRetry={refresh}
        failedTitle={intl.formatMessage({ id: 'pages.ticket.list.failed' })}
      >
        <List
          dataSource={data?.list ?? []}
          renderItem={(registration) => {
            const { exam } = registration;
            const name = pickText(exam.name, locale);
            return (
              <List.Item extra={<RegistrationStatusTag status={registration.status} />}>
                <List.Item.Meta
                  title={
                    <Link to={`/home/ticket?registrationId=${encodeURIComponent(registration.id)}`}>
                      {intl.formatMessage({ id: 'pages.ticket.list.open' }, { exam: name })}
                    </Link>
                  }
                  description={`${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)} · ${pickText(exam.center.name, locale)}`}
                />
              </List.Item>
            );
          }}
        />
      </LoadState>
    </Card>
  );
}
