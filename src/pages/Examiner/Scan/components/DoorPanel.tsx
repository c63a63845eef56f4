import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Flex, Spin } from 'antd';
import { RegistrationStatusTag } from '@/components/StatusTag';
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
 */
export default function DoorPanel({ step, confirming, onConfirm, onDismiss }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.examiner.scan.${id}` });
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
      return (
        <Card
          title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('identity.title')}</h2>}
          extra={<RegistrationStatusTag status={step.candidate.status} />}
        >
          <CandidateFace candidate={step.candidate} />
          <Flex gap={12} style={{ marginTop: 16 }}>
            {/* Focus moves here: the examiner's next act is this button, and Enter checks in. */}
            <Button type="primary" block autoFocus loading={confirming} style={BIG} onClick={onConfirm}>
              {text('checkin')}
            </Button>
            <Button block disabled={confirming} style={BIG} onClick={onDismiss}>
              {text('cancel')}
            </Button>
          </Flex>
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
