import { Alert, Button, Card, Flex, Spin } from 'antd';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import type { Step } from '../useCheckinFlow';
import CandidateFace from './CandidateFace';

interface Props {
  step: Step;
  confirming: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

const BIG = { height: 56, fontSize: 18 };

/**
 * Below the camera: the ticket being checked, the candidate to compare with their identity card (Check in, Cancel),
 * or what the last scan or check-in came to. One live region, so a screen reader reads each result out.
 *
 * A candidate seated in another room than the examiner's is warned of, with the right room and seat, and not refused:
 * the examiner sends them there (the focused, primary button) or, if the center lets them sit here after all, checks
 * them in with a second, plainly named button. Enter never checks a wrong-room candidate in by habit.
 */
export default function DoorPanel({ step, confirming, onConfirm, onDismiss }: Props) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.examiner.scan.${id}` }, values);
  const body = () => {
    if (step.kind === 'checking') {
      return (
        <Flex gap={12} align="center" style={{ padding: 16 }}>
          <Spin />
          <span>{text('checking')}</span>
        </Flex>
      );
    }
    if (step.kind === 'identity') {
      const { candidate } = step;
      const elsewhere = candidate.otherRoom && candidate.seat;
      return (
        <Card
          title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('identity.title')}</h2>}
          extra={<RegistrationStatusTag status={candidate.status} />}
        >
          {elsewhere ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={
                <span style={{ fontSize: 18, fontWeight: 600 }}>
                  {text('otherRoom.title', { room: elsewhere.room, seat: elsewhere.seat })}
                </span>
              }
              description={text('otherRoom.help', { room: elsewhere.room })}
            />
          ) : null}
          <CandidateFace candidate={candidate} />
          {elsewhere ? (
            <Flex vertical gap={12} style={{ marginTop: 16 }}>
              {/* Focus moves here: sending the candidate to their room is the expected act. */}
              <Button type="primary" block autoFocus disabled={confirming} style={BIG} onClick={onDismiss}>
                {text('otherRoom.send', { room: elsewhere.room })}
              </Button>
              <Button block loading={confirming} style={BIG} onClick={onConfirm}>
                {text('otherRoom.checkin')}
              </Button>
            </Flex>
          ) : (
            <Flex gap={12} style={{ marginTop: 16 }}>
              {/* Focus moves here: the examiner's next act is this button, and Enter checks in. */}
              <Button type="primary" block autoFocus loading={confirming} style={BIG} onClick={onConfirm}>
                {text('checkin')}
              </Button>
              <Button block disabled={confirming} style={BIG} onClick={onDismiss}>
                {text('cancel')}
              </Button>
            </Flex>
          )}
        </Card>
      );
    }
    const { outcome } = step;
    if (!outcome) return null;
    return (
      <Alert
        type={outcome.tone}
        showIcon
        message={<span style={{ fontSize: 18, fontWeight: 600 }}>{outcome.message}</span>}
        description={outcome.candidate ? <CandidateFace candidate={outcome.candidate} size={64} /> : undefined}
      />
    );
  };
  return (
    <div aria-live="polite" aria-atomic="true">
      {body()}
    </div>
  );
}
