import { useIntl } from '@umijs/max';
import { Card, Descriptions } from 'antd';
import type { CurrentUser } from '../../../../contract/auth';

/** Test centers and examiners: their profiles come later, so only what the account already is, read-only. */
export default function AccountCard({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{text('pages.profile.account.title')}</h1>}>
      <Descriptions column={1}>
        <Descriptions.Item label={text('pages.profile.account.phone')}>{user.phone}</Descriptions.Item>
        <Descriptions.Item label={text('pages.profile.account.kind')}>
          {text(`pages.profile.account.kind.${user.kind}`)}
        </Descriptions.Item>
      </Descriptions>
      <p style={{ margin: 0 }}>{text('pages.profile.account.later')}</p>
    </Card>
  );
}
