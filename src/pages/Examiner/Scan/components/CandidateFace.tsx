import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, theme } from 'antd';
import { useIntl } from '@/intl';
import { maskPhone } from '@/utils/format';
import type { CheckinCandidate } from '../../../../../contract/examiner';

/** The ticket's photo proportions (30 × 42 mm), so the face is compared as printed. */
const PHOTO_RATIO = 42 / 30;

/** Where the candidate sits: the room large, its building and floor under it. */
function SeatPlace({ seat, large }: { seat: NonNullable<CheckinCandidate['seat']>; large: boolean }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.examiner.scan.identity.${id}` }, values);
  const place = [seat.building, seat.floor && text('floor', { floor: seat.floor })].filter(Boolean).join(' · ');
  const big = { margin: 0, fontSize: large ? 28 : 20, fontWeight: 700, lineHeight: 1.2 };
  return (
    <Flex component="dl" gap={24} wrap style={{ margin: 0 }}>
      <div>
        <dt style={{ color: token.colorTextSecondary }}>{text('room')}</dt>
        <dd style={big}>{seat.room}</dd>
        {place ? <dd style={{ margin: 0, color: token.colorTextSecondary }}>{place}</dd> : null}
      </div>
      <div>
        <dt style={{ color: token.colorTextSecondary }}>{text('seat')}</dt>
        <dd style={big}>{seat.seat}</dd>
      </div>
    </Flex>
  );
}

/**
 * Who a ticket names, large enough to hold beside the identity card at the door: the ID photo as the ticket prints it,
 * name, masked ID number, and the room and seat the candidate goes to.
 */
export default function CandidateFace({ candidate, size = 96 }: { candidate: CheckinCandidate; size?: number }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examiner.scan.identity.${id}` }, values);
  const photo = candidate.photoUrl ?? candidate.avatar_small;
  const alt = text('photo', { name: candidate.name });
  return (
    <Flex vertical gap={12}>
      <Flex gap={16} align="flex-start">
        {photo ? (
          <img
            src={photo}
            alt={alt}
            width={size}
            height={Math.round(size * PHOTO_RATIO)}
            style={{
              objectFit: 'cover',
              flex: 'none',
              borderRadius: token.borderRadiusSM,
              border: `1px solid ${token.colorBorder}`,
            }}
          />
        ) : (
          <Avatar
            size={size}
            shape="square"
            icon={<UserOutlined aria-hidden="true" />}
            alt={alt}
            style={{ flex: 'none' }}
          />
        )}
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
      {candidate.seat ? (
        <SeatPlace seat={candidate.seat} large={size >= 96} />
      ) : (
        <dl style={{ margin: 0 }}>
          <dt style={{ color: token.colorTextSecondary }}>{text('seat')}</dt>
          <dd style={{ margin: 0 }}>{text('noSeat')}</dd>
        </dl>
      )}
    </Flex>
  );
}
