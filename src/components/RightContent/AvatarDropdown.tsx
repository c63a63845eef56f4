import {
  CalendarOutlined,
  DashboardOutlined,
  HourglassOutlined,
  LogoutOutlined,
  TransactionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import type { MenuProps } from 'antd';
import { Avatar, Button, Dropdown } from 'antd';
import { useIntl } from '@/intl';
import { maskPhone } from '@/utils/format';
import type { UserKind } from '../../../contract/auth';
import { useLogout } from './useLogout';

const PROFILE_LABEL: Record<UserKind, string> = {
  individual: 'menu.profile',
  testCenter: 'menu.profile.testCenter',
  examiner: 'menu.profile.examiner',
};

/**
 * The logged-in header entry: avatar and name opening My Exams, the kind's profile, a candidate's waiting list,
 * Transaction and Logout; a test
 * center's menu starts with its Console; an operator's holds the operators' console and Logout.
 */
export default function AvatarDropdown() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const logout = useLogout();
  const user = initialState?.currentUser;
  const name = user?.name || (user ? maskPhone(user.phone) : intl.formatMessage({ id: 'menu.account.unnamed' }));
  const logoutItem = {
    key: 'logout',
    icon: <LogoutOutlined aria-hidden="true" />,
    label: intl.formatMessage({ id: 'menu.logout' }),
  };
  const kind = user?.kind ?? 'individual';
  // An operator books nothing and has no profile: its menu is the console and logging out.
  const items: MenuProps['items'] =
    kind === 'operator'
      ? [
          {
            key: '/ops',
            icon: <DashboardOutlined aria-hidden="true" />,
            label: intl.formatMessage({ id: 'menu.ops' }),
          },
          { type: 'divider' },
          logoutItem,
        ]
      : [
          ...(kind === 'testCenter'
            ? [
                {
                  key: '/home/center',
                  icon: <DashboardOutlined aria-hidden="true" />,
                  label: intl.formatMessage({ id: 'menu.center' }),
                },
              ]
            : []),
          {
            key: '/home/examlist',
            icon: <CalendarOutlined aria-hidden="true" />,
            label: intl.formatMessage({ id: 'menu.examlist' }),
          },
          {
            key: '/home/profile',
            icon: <UserOutlined aria-hidden="true" />,
            label: intl.formatMessage({ id: PROFILE_LABEL[kind] }),
          },
          ...(kind === 'individual'
            ? [
                {
                  key: '/home/waitlist',
                  icon: <HourglassOutlined aria-hidden="true" />,
                  label: intl.formatMessage({ id: 'menu.waitlist' }),
                },
              ]
            : []),
          {
            key: '/home/transaction',
            icon: <TransactionOutlined aria-hidden="true" />,
            label: intl.formatMessage({ id: 'menu.transaction' }),
          },
          { type: 'divider' },
          logoutItem,
        ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') logout('/home');
    else history.push(key);
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" aria-label={intl.formatMessage({ id: 'menu.account' }, { name })}>
        <Avatar size="small" src={user?.avatar_small || undefined} icon={<UserOutlined aria-hidden="true" />} alt="" />
        <span>{name}</span>
      </Button>
    </Dropdown>
  );
}
