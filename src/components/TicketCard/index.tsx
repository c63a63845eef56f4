import { Alert, Card, Descriptions, Flex } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import type { Ticket } from '../../../contract/booking';
import { formatInZone, pickText, zoneLabel } from '../../../contract/format';

interface Props {
  ticket: Ticket;
  /** The card's title, a heading at the level the page needs. */
  title: ReactNode;
  /** Beside the title, e.g. the Print button (hidden in print). */
  extra?: ReactNode;
}

/**
 * One admission ticket as it prints (a `.print-sheet`, see PrintStyle): who (with the photo the examiner compares),
 * what, where (room and seat once allocated), the signed QR the examiner scans, and the arrival instructions; before its release, when it comes. Texts from the ticket domain and STATUS_TEXTS, added by the page.
 */
export default function TicketCard({ ticket, title, extra }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.ticket.${id}` }, values);
  const { exam, candidate } = ticket;
  const examName = pickText(exam.name, locale);
  const canceled = ticket.status === 'canceled';
  const { seat, releasesAt } = ticket;
  const room = seat && [seat.room, seat.building, seat.floor && text('floor', { floor: seat.floor })].filter(Boolean);
  return (
    <Card className="print-sheet">
      {/* Not the card's own title and extra: on a phone its buttons would squeeze the heading out of the one line. */}
      <Flex gap={12} wrap justify="space-between" align="center" style={{ marginBottom: 16 }}>
        {title}
        {extra}
      </Flex>
      <Flex gap={24} wrap align="flex-start">
        {candidate.avatar_small ? (
          <img
            src={candidate.avatar_small}
            alt={text('photo', { name: candidate.name })}
            width={96}
            height={96}
            style={{ objectFit: 'cover', border: '1px solid #d9d9d9' }}
          />
        ) : null}
        <Descriptions column={1} size="small" style={{ flex: '1 1 320px' }}>
          <Descriptions.Item label={text('field.exam')}>{examName}</Descriptions.Item>
          <Descriptions.Item label={text('field.date')}>
            {formatInZone(exam.startsAt, exam.timeZone)} {zoneLabel(exam.startsAt, exam.timeZone, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={text('field.center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
          <Descriptions.Item label={text('field.address')}>{pickText(exam.location, locale)}</Descriptions.Item>
          {room ? <Descriptions.Item label={text('field.room')}>{room.join(' · ')}</Descriptions.Item> : null}
          {seat ? <Descriptions.Item label={text('field.seat')}>{seat.seat}</Descriptions.Item> : null}
          <Descriptions.Item label={text('field.name')}>{candidate.name}</Descriptions.Item>
          <Descriptions.Item label={text('field.idNumber')}>{candidate.maskedIdNumber}</Descriptions.Item>
          <Descriptions.Item label={text('field.phone')}>{candidate.phone.replace(/^\+86/, '')}</Descriptions.Item>
          <Descriptions.Item label={text('field.status')}>
            <RegistrationStatusTag status={ticket.status} />
          </Descriptions.Item>
        </Descriptions>
        {canceled || !ticket.token ? null : (
          <QRCodeSVG
            value={ticket.token ?? ''}
            size={220}
            level="M"
            marginSize={4}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={text('qrLabel', { name: candidate.name, exam: examName })}
            title={text('qrLabel', { name: candidate.name, exam: examName })}
          />
        )}
      </Flex>
      {canceled ? (
        <Alert type="error" showIcon message={text('canceled')} style={{ marginTop: 16 }} />
      ) : releasesAt ? (
        <Alert
          type="warning"
          showIcon
          message={text('notReleased', {
            date: `${formatInZone(releasesAt, exam.timeZone)} ${zoneLabel(releasesAt, exam.timeZone, locale)}`,
          })}
          style={{ marginTop: 16 }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          message={text('instructions', { n: exam.arrivalLeadMinutes })}
          style={{ marginTop: 16 }}
        />
      )}
    </Card>
  );
}
