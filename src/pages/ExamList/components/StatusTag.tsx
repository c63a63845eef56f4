import { useIntl } from '@umijs/max';
import { Tag, theme } from 'antd';
import type { GlobalToken } from 'antd/es/theme/interface';
import type { RegistrationStatus } from '../../../../contract/booking';

type Palette = 'orange' | 'blue' | 'purple' | 'green' | 'grey';
const PALETTE: Record<RegistrationStatus, Palette> = {
  pending: 'orange',
  register: 'blue',
  checkin: 'purple',
  completed: 'green',
  canceled: 'grey',
};

/**
 * antd's preset tag colours put the 7th shade on the 1st, under 4.5:1 for orange and gold; the 8th shade on the
 * 1st clears WCAG AA for every colour used here.
 */
function colours(token: GlobalToken, palette: Palette) {
  if (palette === 'grey')
    return { color: token.colorText, background: token.colorFillQuaternary, border: token.colorBorder };
  return { color: token[`${palette}8`], background: token[`${palette}1`], border: token[`${palette}3`] };
}

/** A registration's status in words and a colour of its own. */
export default function StatusTag({ status }: { status: RegistrationStatus }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const { color, background, border } = colours(token, PALETTE[status]);
  return (
    <Tag style={{ color, background, borderColor: border }}>
      {intl.formatMessage({ id: `pages.examlist.status.${status}` })}
    </Tag>
  );
}
