import { useIntl } from '@umijs/max';
import { Steps } from 'antd';

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

/** The heading of a step's section, named like the step. */
export function StepHeading({ step }: { step: GroupStep }) {
  const intl = useIntl();
  return (
    <h2 id={`group-step-${step}`} style={{ fontSize: 20 }}>
      {intl.formatMessage({ id: `pages.gRegistration.step.${step}` })}
    </h2>
  );
}
