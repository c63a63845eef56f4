import type { PageTexts } from '@/components/PageTexts';
import ToneTag, { type Tone } from '@/components/ToneTag';
import { useIntl } from '@/intl';
import enStatus from '@/locales/en-US/status';
import zhStatus from '@/locales/zh-CN/status';
import type { OrderStatus, RegistrationStatus } from '../../../contract/booking';

/** The status names; a page showing these tags adds them with withPageTexts. */
export const STATUS_TEXTS: PageTexts = { 'en-US': enStatus, 'zh-CN': zhStatus };

const REGISTRATION_TONES: Record<RegistrationStatus, Tone> = {
  pending: 'orange',
  register: 'blue',
  checkin: 'purple',
  completed: 'green',
  canceled: 'grey',
};

const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'orange',
  paid: 'green',
  expired: 'grey',
  canceled: 'grey',
  refunded: 'purple',
};

/** A registration's status in words, on a tag of its own colour. */
export function RegistrationStatusTag({ status }: { status: RegistrationStatus }) {
  const intl = useIntl();
  return (
    <ToneTag tone={REGISTRATION_TONES[status]}>{intl.formatMessage({ id: `status.registration.${status}` })}</ToneTag>
  );
}

/** An order's status in words, on a tag of its own colour. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  return <ToneTag tone={ORDER_TONES[status]}>{intl.formatMessage({ id: `status.order.${status}` })}</ToneTag>;
}
