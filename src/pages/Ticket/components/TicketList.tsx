import { Link, useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Card, Empty, List } from 'antd';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { registrations } from '@/services/booking';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';

/** /home/ticket without a parameter: my registrations, each leading to its ticket. */
export default function TicketList() {
  const intl = useIntl();
  const { locale } = intl;
  const { data, loading } = useRequest(() => registrations({ current: 1, pageSize: 20 }));
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.ticket.listTitle' })}</h1>}>
      <List
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description={intl.formatMessage({ id: 'pages.ticket.list.empty' })} /> }}
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
    </Card>
  );
}
