import { UserOutlined } from '@ant-design/icons';
import { useModel } from '@umijs/max';
import { Avatar, Button } from 'antd';
import { lazy } from 'react';
import { useIntl } from '@/intl';
import { maskPhone } from '@/utils/format';
import { useMenuOnFirstUse } from './useMenuOnFirstUse';

// The menu (antd's Dropdown and Menu, and their styles) arrives when it is first opened, as the language menu does.
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The logged-in header entry: avatar and name, opening the account menu (AccountMenu). */
export default function AvatarDropdown() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const menu = useMenuOnFirstUse();
  const user = initialState?.currentUser;
  const name = user?.name || (user ? maskPhone(user.phone) : intl.formatMessage({ id: 'menu.account.unnamed' }));
  const button = (
    <Button type="text" aria-label={intl.formatMessage({ id: 'menu.account' }, { name })} {...menu.buttonProps}>
      <Avatar size="small" src={user?.avatar_small || undefined} icon={<UserOutlined aria-hidden="true" />} alt="" />
      <span className="app-header-label">{name}</span>
    </Button>
  );
  return menu.render(button, (props) => <AccountMenu kind={user?.kind ?? 'individual'} {...props} />);
}
