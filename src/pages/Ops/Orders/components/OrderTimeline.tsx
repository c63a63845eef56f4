import { Timeline } from 'antd';
import { useIntl } from '@/intl';
import type { OrderEvent } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';

const HEADING_ID = 'ops-order-timeline';

/** What a payment event's verification decided: refused (red), or taken (green), or nothing new (grey). */
const OUTCOME_COLORS: Record<string, string> = {
  applied: 'green',
  refund_succeeded: 'green',
  rejected: 'red',
  refund_failed: 'red',
  late_refunded: 'orange',
};

/** An order's history, oldest first: created, each payment event with its verification result, refunds, changes. */
export default function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.timeline.${id}` }, values);
  const format = opsFormat(intl.locale);

  const describe = (event: OrderEvent): { color: string; words: string } => {
    switch (event.type) {
      case 'created':
        return { color: 'blue', words: text('created', { total: format.money(event.totalFen) }) };
      case 'payment':
        return {
          color: OUTCOME_COLORS[event.outcome] ?? 'grey',
          words: `${text(`payment.${event.outcome}`, { provider: event.provider })} ${event.detail}`.trim(),
        };
      case 'refund':
        return {
          color: event.step === 'failed' ? 'red' : event.step === 'succeeded' ? 'green' : 'orange',
          words: text(`refund.${event.step}`, {
            amount: format.money(event.amountFen),
            reason: intl.formatMessage({ id: `pages.ops.refundReason.${event.reason}` }),
            by: event.by?.name ?? text('bySystem'),
          }),
        };
      case 'change':
        return { color: 'blue', words: text('change', { from: event.from.code, to: event.to.code }) };
      case 'closed':
        return { color: 'grey', words: text(`closed.${event.status}`) };
    }
  };

  return (
    <section aria-labelledby={HEADING_ID}>
      <h3 id={HEADING_ID}>{text('title')}</h3>
      <Timeline
        items={events.map((event) => {
          const { color, words } = describe(event);
          return {
            key: `${event.type}-${event.at}-${'refundId' in event ? event.refundId : ''}-${'outcome' in event ? event.outcome : ''}`,
            color,
            children: (
              <>
                <time dateTime={event.at}>{format.at(event.at)}</time> {words}
              </>
            ),
          };
        })}
      />
    </section>
  );
}
