import { Descriptions } from 'antd';
import WaitingRoomSwitch from '@/components/WaitingRoomSwitch';
import { useIntl } from '@/intl';
import { setCenterWaitingRoom } from '@/services/queue';
import { feedback } from '@/utils/feedback';
import type { CenterExam } from '../../../../../contract/center';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../../contract/format';
import ExamStatusTag from '../../components/ExamStatusTag';

interface ExamHeaderProps {
  exam: CenterExam;
  /** The waiting room was switched: the page keeps the new setting. */
  onWaitingRoom: (enabled: boolean) => void;
}

/**
 * The exam's name as the page heading, the facts a center checks before the door opens, and the waiting room's
 * switch for registration day.
 */
export default function ExamHeader({ exam, onWaitingRoom }: ExamHeaderProps) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.examPage.${id}` }, values);
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const items = [
    { key: 'code', label: text('code'), children: exam.code },
    { key: 'status', label: text('status'), children: <ExamStatusTag status={exam.status} /> },
    { key: 'startsAt', label: text('startsAt'), children: when(exam.startsAt) },
    ...(exam.registrationOpensAt
      ? [{ key: 'registrationOpensAt', label: text('registrationOpensAt'), children: when(exam.registrationOpensAt) }]
      : []),
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
    {
      key: 'waitingRoom',
      label: text('waitingRoom'),
      children: (
        <WaitingRoomSwitch
          enabled={exam.waitingRoom}
          label={text('waitingRoom')}
          onToggle={async (enabled) => {
            const saved = await setCenterWaitingRoom(exam.id, enabled);
            onWaitingRoom(saved.waitingRoom);
            feedback.message.success(text(saved.waitingRoom ? 'waitingRoom.on' : 'waitingRoom.off'));
          }}
        />
      ),
    },
  ];
  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 12 }}>{pickText(exam.name, locale)}</h1>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items} style={{ marginBottom: 16 }} />
    </>
  );
}
