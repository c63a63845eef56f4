import { Card, Descriptions, Tag, theme } from 'antd';
import { useIntl } from '@/intl';
import type { ExamSummary } from '../../../../contract/catalog';
import { cityAndProvince, formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';

/** One upcoming exam: its times in the exam's own zone, where it is, what it costs and how many seats are left. */
export default function ExamCard({ exam }: { exam: ExamSummary }) {
  const intl = useIntl();
  const { locale } = intl;
  const { token } = theme.useToken();
  const label = (id: string) => intl.formatMessage({ id: `pages.home.upcoming.${id}` });
  const zone = zoneLabel(exam.startsAt, exam.timeZone, locale);
  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 16, whiteSpace: 'normal' }}>{pickText(exam.name, locale)}</h3>}
      extra={<Tag>{pickText(exam.category.name, locale)}</Tag>}
      style={{ height: '100%' }}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={label('date')}>
          {formatInZone(exam.startsAt, exam.timeZone)} {zone}
        </Descriptions.Item>
        <Descriptions.Item label={label('center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
        <Descriptions.Item label={label('city')}>{cityAndProvince(exam.city, exam.province, locale)}</Descriptions.Item>
        <Descriptions.Item label={label('fee')}>{formatFen(exam.feeFen, locale)}</Descriptions.Item>
        <Descriptions.Item label={label('seats')}>
          {exam.seatsLeft > 0 ? (
            intl.formatMessage({ id: 'pages.home.upcoming.seatsLeft' }, { count: exam.seatsLeft })
          ) : (
            <Tag color="red">{label('soldOut')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>
        {intl.formatMessage(
          { id: 'pages.home.upcoming.registrationEnds' },
          { date: `${formatInZone(exam.registrationEndsAt, exam.timeZone)} ${zone}` },
        )}
      </p>
    </Card>
  );
}
