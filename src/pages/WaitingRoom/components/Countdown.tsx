import { useEffect, useState } from 'react';
import { useIntl } from '@/intl';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time left until `opensAt` on the server's clock (this device's plus `clockOffsetMs`), ticking each second. A
 * timer role is not a live region: screen readers read it when asked, not every second.
 */
export default function Countdown({ opensAt, clockOffsetMs }: { opensAt: string; clockOffsetMs: number }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(opensAt) - (now + clockOffsetMs)) / 1000));
  const days = Math.floor(left / 86_400);
  const time = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  const label = intl.formatMessage({ id: 'pages.queue.countdown.label' });
  const shown =
    left === 0
      ? intl.formatMessage({ id: 'pages.queue.countdown.now' })
      : days > 0
        ? intl.formatMessage({ id: 'pages.queue.countdown.days' }, { days, time })
        : time;
  return (
    <div style={{ textAlign: 'center', marginBlock: 16 }}>
      <div id="queue-countdown-label">{label}</div>
      <div
        role="timer"
        aria-labelledby="queue-countdown-label"
        style={{ fontSize: 32, fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
      >
        {shown}
      </div>
    </div>
  );
}
