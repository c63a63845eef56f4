import { Tag, theme } from 'antd';
import type { GlobalToken } from 'antd/es/theme/interface';
import type { ReactNode } from 'react';

export type Tone = 'orange' | 'blue' | 'purple' | 'green' | 'red' | 'grey';

/**
 * antd's preset tag colours put the 7th shade on the 1st, under 4.5:1 for orange and gold; the 8th shade on the
 * 1st clears WCAG AA for every tone here.
 */
function colours(token: GlobalToken, tone: Tone) {
  if (tone === 'grey')
    return { color: token.colorText, background: token.colorFillQuaternary, border: token.colorBorder };
  return { color: token[`${tone}8`], background: token[`${tone}1`], border: token[`${tone}3`] };
}

/** A status in words on a tag of its tone, readable at AA contrast. */
export default function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  const { token } = theme.useToken();
  const { color, background, border } = colours(token, tone);
  return <Tag style={{ color, background, borderColor: border, marginInlineEnd: 0 }}>{children}</Tag>;
}
