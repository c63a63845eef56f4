import { history } from '@umijs/max';
import { Alert, Button, Flex, Modal, Result } from 'antd';
import { useState } from 'react';
import StepHeading from '@/components/StepHeading';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { cancelRegistration } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import type { ChangeResponse, RegistrationView } from '../../../../contract/booking';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';
import ChangeModal from './ChangeModal';

interface Props {
  registration: RegistrationView;
  /** Open the change modal at once (the ?change=1 link of My Exams). */
  startChanging: boolean;
  onRegistration: (registration: RegistrationView) => void;
  /** A change to a dearer session answered an order for the difference: pay it. */
  onChangeOrder: (answer: ChangeResponse) => void;
}

/**
 * The booked registration: its ticket, and change or cancel while the test is more than the lock period away. A
 * seat a group coordinator paid for is theirs to change or cancel: the member is told whom to ask instead.
 */
export default function DoneScreen({ registration, startChanging, onRegistration, onChangeOrder }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const failure = useFailure();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.${id}` }, values);
  const { exam, groupSeat } = registration;
  const [changing, setChanging] = useState(startChanging && registration.canChange);
  const [canceling, setCanceling] = useState(false);
  const [lockedByServer, setLockedByServer] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [modal, dialogs] = Modal.useModal();
  const inZone = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const refund = (fen: number) => (fen > 0 ? text('refund', { amount: formatFen(fen, locale) }) : '');

  const locked = lockedByServer || Date.now() >= Date.parse(registration.lockedFrom);
  const canChange = registration.canChange && !lockedByServer;
  const canCancel = registration.canCancel && !lockedByServer;
  const lockHours = Math.round((Date.parse(exam.startsAt) - Date.parse(registration.lockedFrom)) / 3_600_000);

  const onLocked = () => {
    setLockedByServer(true);
    setChanging(false);
  };

  const cancel = async () => {
    setCanceling(true);
    try {
      const answer = await cancelRegistration(registration.id, handledHere);
      onRegistration(answer.registration);
      setNotice(refund(answer.refundFen) || null);
    } catch (error) {
      if (envelopeOf(error)?.errorCode === 'RESERVATION_LOCKED') onLocked();
      else failure.show(error);
    } finally {
      setCanceling(false);
    }
  };

  // A dialog, not a popover: it takes the focus (on Keep, the harmless choice) and gives it back when it closes.
  const confirmCancel = () =>
    modal.confirm({
      title: text('cancel.confirm'),
      okText: text('cancel.ok'),
      cancelText: text('cancel.keep'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: cancel,
    });

  const changed = (answer: ChangeResponse) => {
    setChanging(false);
    if (answer.order) {
      onChangeOrder(answer);
      return;
    }
    onRegistration(answer.registration);
    const moved = text('change.moved', { exam: pickText(answer.registration.exam.name, locale) });
    setNotice([moved, refund(answer.refundFen)].filter(Boolean).join(' '));
  };

  const canceled = registration.status === 'canceled';
  return (
    <>
      <Result
        status={canceled ? 'info' : 'success'}
        title={
          <StepHeading id="done-heading" style={{ fontSize: 'inherit', margin: 0 }}>
            {text(canceled ? 'done.canceled' : 'done.title')}
          </StepHeading>
        }
        subTitle={`${pickText(exam.name, locale)} · ${inZone(exam.startsAt)} · ${pickText(exam.center.name, locale)}`}
        extra={
          canceled ? null : (
            <Flex vertical align="center" gap={12}>
              <Flex gap={8} wrap justify="center">
                <Button
                  type="primary"
                  onClick={() => history.push(`/home/ticket?registrationId=${encodeURIComponent(registration.id)}`)}
                >
                  {text('done.viewTicket')}
                </Button>
                {groupSeat ? null : (
                  <>
                    <Button disabled={!canChange} onClick={() => setChanging(true)}>
                      {text('done.change')}
                    </Button>
                    <Button danger disabled={!canCancel} loading={canceling} onClick={confirmCancel}>
                      {text('done.cancel')}
                    </Button>
                  </>
                )}
              </Flex>
              {groupSeat ? (
                <p role="note" style={{ margin: 0, maxWidth: 520 }}>
                  {text('done.groupSeat', { name: groupSeat.coordinatorName })}
                </p>
              ) : locked ? (
                <p role="note" style={{ margin: 0 }}>
                  {text('done.locked', { hours: String(lockHours), time: inZone(registration.lockedFrom) })}
                </p>
              ) : null}
            </Flex>
          )
        }
      />
      <div aria-live="polite">
        {notice ? <Alert type="success" showIcon message={notice} style={{ maxWidth: 520, margin: '0 auto' }} /> : null}
      </div>
      {dialogs}
      {changing ? (
        <ChangeModal
          registration={registration}
          onClose={() => setChanging(false)}
          onChanged={changed}
          onLocked={onLocked}
        />
      ) : null}
    </>
  );
}
