import { Steps } from 'antd';
import { useIntl } from '@/intl';

/** Where the candidate is: Details, Check Out, Done. */
export default function RegistrationSteps({ current }: { current: number }) {
  const intl = useIntl();
  const title = (id: string) => intl.formatMessage({ id: `pages.checkout.step.${id}` });
  return (
    <nav aria-label={intl.formatMessage({ id: 'pages.checkout.steps' })} style={{ marginBottom: 24 }}>
      <Steps
        current={current}
        size="small"
        items={[{ title: title('details') }, { title: title('checkout') }, { title: title('done') }]}
      />
    </nav>
  );
}
