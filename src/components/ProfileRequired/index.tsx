import { history } from '@umijs/max';
import { Button, Modal } from 'antd';
import { useIntl } from '@/intl';

interface Props {
  open: boolean;
  /** Where the profile page returns to once saved: this page's path and query. */
  returnTo: string;
  onBack: () => void;
}

/** The spec's prompt before booking: the profile must be complete. Leads to the profile and back here afterwards. */
export default function ProfileRequired({ open, returnTo, onBack }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `component.profileRequired.${id}` });
  return (
    <Modal
      open={open}
      title={text('title')}
      onCancel={onBack}
      footer={[
        <Button key="back" onClick={onBack}>
          {text('back')}
        </Button>,
        <Button
          key="profile"
          type="primary"
          onClick={() => history.push(`/home/profile?redirect=${encodeURIComponent(returnTo)}`)}
        >
          {text('goToProfile')}
        </Button>,
      ]}
    >
      <p style={{ fontSize: 16, fontWeight: 500 }}>{text('message')}</p>
      <p>{text('detail')}</p>
    </Modal>
  );
}
