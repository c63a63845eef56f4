import { Button, Space } from 'antd';
import { useIntl } from '@/intl';
import { LOGIN_PATH } from '@/utils/guard';
import { isLoggedIn, readType } from '@/utils/session';
import AvatarDropdown from './AvatarDropdown';
import LangSwitch from './LangSwitch';
import NotificationBell from './NotificationBell';
import { useLogout } from './useLogout';

/** The login entry clears whatever session is left (the "Sign out" variant of spec section 4) on its way to login. */
function LoginEntry() {
  const intl = useIntl();
  const logout = useLogout();
  return (
    <Button
      type="primary"
      href={LOGIN_PATH}
      onClick={(event) => {
        event.preventDefault();
        logout(LOGIN_PATH);
      }}
    >
      {intl.formatMessage({ id: 'menu.login' })}
    </Button>
  );
}

export default function RightContent() {
  return (
    <Space size="small">
      <LangSwitch />
      {isLoggedIn() && readType() === 'individual' ? <NotificationBell /> : null}
      {isLoggedIn() ? <AvatarDropdown /> : <LoginEntry />}
    </Space>
  );
}
