import { UserOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Avatar, Flex, theme } from 'antd';
import { maskPhone } from '@/utils/format';
import type { CheckinCandidate } from '../../../../../contract/examiner';

/** Who a ticket names, large enough to hold beside the identity card at the door: photo, name, masked ID number. */
export default function CandidateFace({ candidate, size = 96 }: { candidate: CheckinCandidate; size?: number }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examiner.scan.identity.${id}` }, values);
  return (
    <Flex gap={16} align="center">
      <Avatar
        size={size}
        shape="square"
        src={candidate.avatar_small ?? undefined}
        icon={<UserOutlined />}
        alt={text('photo', { name: candidate.name })}
      />
      <div style={{ minWidth: 0 }}>
        <div style={{ fontSize: 24, fontWeight: 600, overflowWrap: 'anywhere' }}>{candidate.name}</div>
        <dl style={{ margin: 0 }}>
          <dt style={{ color: token.colorTextSecondary, marginTop: 4 }}>{text('idNumber')}</dt>
          <dd style={{ margin: 0, fontSize: 18, fontFamily: token.fontFamilyCode }}>{candidate.maskedIdNumber}</dd>
          <dt style={{ color: token.colorTextSecondary, marginTop: 4 }}>{text('phone')}</dt>
          <dd style={{ margin: 0 }}>{maskPhone(candidate.phone)}</dd>
        </dl>
      </div>
    </Flex>
  );
}
