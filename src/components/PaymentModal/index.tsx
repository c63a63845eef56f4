import { useCountDown, useInterval } from 'ahooks';
import { Alert, Button, Flex, Modal, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useIntl } from '@/intl';
import { order as fetchOrder } from '@/services/booking';
import { handledHere } from '@/utils/failure';
import type { OrderView } from '../../../contract/booking';
import { formatFen } from '../../../contract/format';

const POLL_MS = 3_000;

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** An order waiting for its payment and what its QR encodes: the provider's payment link for this order. */
export interface PendingPayment {
  order: OrderView;
  qrContent: string;
}

interface Handlers {
  onClose: () => void;
  onPaid: (order: OrderView) => void;
  onRestart: () => void;
}

/** The sandbox wallet's link (the QR opens it on a phone); real providers' links are neither of these. */
function isSandbox(qrContent: string): boolean {
  return qrContent.startsWith(window.location.origin) || qrContent.includes('/pay/sandbox/');
}

function mmss(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * "Please Scan QrCode For Payment": the provider's QR, the amount and the time left on the seat hold. The page
 * polls the order while it is open; Reload asks the provider directly. Back closes it and leaves the order pending.
 */
export default function PaymentModal({ payment, ...handlers }: { payment: PendingPayment | null } & Handlers) {
  // Opened afresh for each payment: the dialog starts from the order it was given.
  return payment ? <OpenPaymentModal {...payment} {...handlers} /> : null;
}

function OpenPaymentModal({ order: initial, qrContent, onClose, onPaid, onRestart }: PendingPayment & Handlers) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.pay.${id}` }, values);
  const [current, setCurrent] = useState(initial);
  const [reloading, setReloading] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const [leftMs] = useCountDown({ targetDate: current.expiresAt });
  const expired = current.status === 'expired' || current.status === 'canceled' || leftMs <= 0;
  const amount = formatFen(current.breakdown.totalFen, intl.locale);

  const update = (next: OrderView) => {
    setCurrent(next);
    if (next.status === 'paid') onPaid(next);
  };

  useInterval(
    () => {
      fetchOrder(current.id, false, handledHere)
        .then(update)
        // A failed poll is retried at the next tick; Reload reports errors.
        .catch(() => undefined);
    },
    current.status === 'pending' ? POLL_MS : undefined,
  );

  const reload = async () => {
    setReloading(true);
    setNotYet(false);
    try {
      const next = await fetchOrder(current.id, true);
      update(next);
      setNotYet(next.status === 'pending');
    } catch {
      // The app has shown why.
    } finally {
      setReloading(false);
    }
  };

  return (
    <Modal
      open
      title={text('title')}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="back" onClick={onClose}>
          {text('back')}
        </Button>,
        expired ? (
          <Button key="restart" type="primary" onClick={onRestart}>
            {text('startAgain')}
          </Button>
        ) : (
          <Button key="reload" type="primary" onClick={reload} loading={reloading}>
            {text('reload')}
          </Button>
        ),
      ]}
    >
      <Flex vertical align="center" gap={12}>
        {expired ? null : (
          <QRCodeSVG
            value={qrContent}
            size={240}
            level="M"
            marginSize={2}
            role="img"
            aria-label={text('qrLabel', { amount })}
            title={text('qrLabel', { amount })}
          />
        )}
        <strong style={{ fontSize: 20 }}>{text('amount', { amount })}</strong>
        {expired ? null : (
          <p role="timer" style={{ margin: 0 }}>
            {text('countdown', { time: mmss(leftMs) })}
          </p>
        )}
        {/* Announced: expiry, a Reload that found no payment, and the time left once a minute (not every second). */}
        <div aria-live="polite" aria-atomic="true" style={{ textAlign: 'center' }}>
          {expired ? (
            <Alert type="warning" showIcon message={text('expired')} />
          ) : (
            <>
              <span style={visuallyHidden}>
                {intl.formatMessage({ id: 'pages.checkout.pay.minutesLeft' }, { minutes: Math.ceil(leftMs / 60_000) })}
              </span>
              {notYet ? <p style={{ margin: 0 }}>{text('notYet')}</p> : null}
            </>
          )}
        </div>
        {expired ? null : <p style={{ margin: 0, color: token.colorTextSecondary }}>{text('hint')}</p>}
        {!expired && isSandbox(qrContent) ? (
          <Alert
            type="info"
            message={text('sandbox')}
            action={
              <a href={qrContent} target="_blank" rel="noreferrer">
                {text('openWallet')}
              </a>
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
