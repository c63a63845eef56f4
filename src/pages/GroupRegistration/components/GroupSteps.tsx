import { Steps } from 'antd';
import StepFocusHeading from '@/components/StepHeading';
import { useIntl } from '@/intl';

export const GROUP_STEPS = ['info', 'upload', 'payment', 'done'] as const;
export type GroupStep = (typeof GROUP_STEPS)[number];

/** Where the coordinator is: Your Information, Upload Form, Payment, Done. */
export default function GroupSteps({ current }: { current: GroupStep }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'pages.gRegistration.steps' })} style={{ marginBottom: 24 }}>
      <Steps
        current={GROUP_STEPS.indexOf(current)}
        size="small"
        items={GROUP_STEPS.map((step) => ({ title: intl.formatMessage({ id: `pages.gRegistration.step.${step}` }) }))}
      />
    </nav>
  );
}

/** The heading of a step's section, named like the step; it takes the focus when the coordinator moves to it. */
export function StepHeading({ step }: { step: GroupStep }) {
  const intl = useIntl();
  return (
    <StepFocusHeading id={`group-step-${step}`}>
      {intl.formatMessage({ id: `pages.gRegistration.step.${step}` })}
    </StepFocusHeading>
  );
}
