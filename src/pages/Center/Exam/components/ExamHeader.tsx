import { useIntl } from '@umijs/max';
import { Descriptions } from 'antd';
import type { CenterExam } from '../../../../../contract/center';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../../contract/format';
import ExamStatusTag from '../../components/ExamStatusTag';

/** The exam's name as the page heading, and the facts a center checks before the door opens. */
export default function ExamHeader({ exam }: { exam: CenterExam }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.examPage.${id}` }, values);
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const items = [
    { key: 'code', label: text('code'), children: exam.code },
    { key: 'status', label: text('status'), children: <ExamStatusTag status={exam.status} /> },
    { key: 'startsAt', label: text('startsAt'), children: when(exam.startsAt) },
    { key: 'registrationEndsAt', label: text('registrationEndsAt'), children: when(exam.registrationEndsAt) },
    { key: 'location', label: text('location'), children: pickText(exam.location, locale) },
    { key: 'fee', label: text('fee'), children: formatFen(exam.feeFen, locale) },
    {
      key: 'seats',
      label: text('seats'),
      children: intl.formatMessage(
        { id: 'pages.center.console.seats' },
        { taken: exam.seatsTaken, capacity: exam.capacity },
      ),
    },
    { key: 'accessCode', label: text('accessCode'), children: exam.accessCode ?? text('accessCode.none') },
  ];
  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 12 }}>{pickText(exam.name, locale)}</h1>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items} style={{ marginBottom: 16 }} />
    </>
  );
}
