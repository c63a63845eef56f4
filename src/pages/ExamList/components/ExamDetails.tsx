import { Alert, Descriptions, Drawer, Tag } from 'antd';
import { useIntl } from '@/intl';
import type { RegistrationView } from '../../../../contract/booking';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatFen, formatInZone, pickText, regionName, zoneLabel } from '../../../../contract/format';
import ExamActions from './ExamActions';

interface ExamDetailsProps {
  exam: ExamSummary | undefined;
  canBook: boolean;
  booked?: RegistrationView;
  onClose: () => void;
}

/** Everything a candidate weighs before booking one exam, with Book and Group Book at hand. */
export default function ExamDetails({ exam, canBook, booked, onClose }: ExamDetailsProps) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.examlist.${id}` }, values);
  const when = (iso: string, zone: string) => `${formatInZone(iso, zone)} ${zoneLabel(iso, zone, locale)}`;
  return (
    <Drawer
      open={Boolean(exam)}
      onClose={onClose}
      title={exam ? pickText(exam.name, locale) : text('details.title')}
      width="min(480px, 100vw)"
      footer={exam ? <ExamActions exam={exam} canBook={canBook} booked={booked} /> : null}
    >
      {exam ? (
        <>
          {canBook ? null : (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text('studentsOnly')} />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={text('column.code')}>{exam.code}</Descriptions.Item>
            <Descriptions.Item label={text('details.category')}>
              {pickText(exam.category.name, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={text('details.fee')}>{formatFen(exam.feeFen, locale)}</Descriptions.Item>
            <Descriptions.Item label={text('details.date')}>{when(exam.startsAt, exam.timeZone)}</Descriptions.Item>
            <Descriptions.Item label={text('details.center')}>{pickText(exam.center.name, locale)}</Descriptions.Item>
            <Descriptions.Item label={text('details.address')}>
              {pickText(exam.location, locale)}, {regionName(exam.city, locale)}
            </Descriptions.Item>
            <Descriptions.Item label={text('details.seats')}>
              {exam.seatsLeft > 0 ? exam.seatsLeft : <Tag color="red">{text('soldOut')}</Tag>}
            </Descriptions.Item>
            {exam.registrationOpensAt ? (
              <Descriptions.Item label={text('details.registrationOpens')}>
                {when(exam.registrationOpensAt, exam.timeZone)}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={text('details.registrationEnds')}>
              {when(exam.registrationEndsAt, exam.timeZone)}
            </Descriptions.Item>
          </Descriptions>
          <p style={{ marginTop: 16 }}>{text('details.arrival', { minutes: exam.arrivalLeadMinutes })}</p>
          {exam.waitingRoom ? (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={text('details.waitingRoom')} />
          ) : null}
          {exam.requiresAccessCode ? <Alert type="info" showIcon message={text('details.accessCode')} /> : null}
        </>
      ) : null}
    </Drawer>
  );
}
