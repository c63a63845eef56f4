import {
  CalendarOutlined,
  DashboardOutlined,
  HourglassOutlined,
  LogoutOutlined,
  TransactionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history } from '@umijs/max';
import type { MenuProps } from 'antd';
import { Dropdown } from 'antd';
import { useIntl } from '@/intl';
import type { CurrentUser, UserKind } from '../../../contract/auth';
import { useLogout } from './useLogout';
import type { MenuOnFirstUseProps } from './useMenuOnFirstUse';

const PROFILE_LABEL: Record<UserKind, string> = {
  individual: 'menu.profile',
  testCenter: 'menu.profile.testCenter',
  examiner: 'menu.profile.examiner',
};

interface AccountMenuProps extends MenuOnFirstUseProps {
  kind: CurrentUser['kind'];
}

/**
 * The account menu: My Exams, the kind's profile, a candidate's waiting list, Transaction and Logout; a test center's
 * menu starts with its Console; an operator's holds the operators' console and Logout.
 */
export default function AccountMenu({ kind, open, onOpenChange, children }: AccountMenuProps) {
  const intl = useIntl();
  const logout = useLogout();
  const logoutItem = {
    key: 'logout',
    icon: <LogoutOutlined aria-hidden="true" />,
    label: intl.formatMessage({ id: 'menu.logout' }),
  };
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
    <Dropdown trigger={['click']} open={open} onOpenChange={onOpenChange} menu={{ items, onClick }}>
      {children}
    </Dropdown>
  );
}
