import { Descriptions, Tag } from 'antd';
import { useIntl } from '@/intl';
import type { ExamSummary } from '../../../contract/catalog';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../contract/format';

/**
 * What is being booked: the exam, its fee, date and time in the exam's zone, place, seats left and the end of
 * registration. Texts from the checkout domain (locales/{en-US,zh-CN}/checkout.ts), added by the page.
 */
export default function ExamFacts({ exam }: { exam: ExamSummary }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string) => intl.formatMessage({ id: `pages.checkout.${id}` });
  const inZone = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  return (
    <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
      <Descriptions.Item label={text('field.exam')}>{pickText(exam.name, locale)}</Descriptions.Item>
      <Descriptions.Item label={text('field.fee')}>{formatFen(exam.feeFen, locale)}</Descriptions.Item>
      <Descriptions.Item label={text('field.date')}>{inZone(exam.startsAt)}</Descriptions.Item>
      <Descriptions.Item label={text('field.center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
      <Descriptions.Item label={text('field.address')}>{pickText(exam.location, locale)}</Descriptions.Item>
      <Descriptions.Item label={text('field.seats')}>
        {exam.seatsLeft === 0 ? <Tag color="red">{text('soldOut')}</Tag> : exam.seatsLeft}
      </Descriptions.Item>
      <Descriptions.Item label={text('field.registrationEnds')}>{inZone(exam.registrationEndsAt)}</Descriptions.Item>
    </Descriptions>
  );
}
