import { Link, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Result, Spin, theme } from 'antd';
import { useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import LangSwitch from '@/components/RightContent/LangSwitch';
import ToneTag from '@/components/ToneTag';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import enWallet from '@/locales/en-US/wallet';
import zhWallet from '@/locales/zh-CN/wallet';
import { walletConfirm, walletOrder } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../contract/format';

type Outcome = 'paid' | 'canceled' | 'closed';

/**
 * The sandbox wallet a payment QR opens on a phone: who is paid, for what, how much; Confirm pays through the
 * server's sandbox provider (a signed notification), Cancel leaves the order unpaid. Never a real wallet.
 */
function WalletPage() {
  const intl = useIntl();
  const { locale } = intl;
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.wallet.${id}` }, values);
  const orderId = useParams().orderId ?? '';
  const failure = useFailure();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { data: order, loading, error } = useRequest(() => walletOrder(orderId, handledHere));

  const confirm = async () => {
    setConfirming(true);
    try {
      const answer = await walletConfirm(orderId, handledHere);
      setOutcome(answer.state === 'paid' ? 'paid' : 'closed');
    } catch (error) {
      if (envelopeOf(error)?.errorCode === 'ORDER_EXPIRED') setOutcome('closed');
      else failure.show(error);
    } finally {
      setConfirming(false);
    }
  };

  const state: Outcome | 'open' | undefined = outcome ?? order?.state;
  const body = () => {
    if (loading) return <Spin />;
    if (!order) {
      const missing = envelopeOf(error)?.errorCode === 'NOT_FOUND' || !error;
      return (
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? text('notFound') : intl.formatMessage({ id: 'request.fallback' })}
        />
      );
    }
    if (state === 'paid') return <Result status="success" title={text('paid')} />;
    if (state === 'canceled') return <Result status="info" title={text('canceled')} />;
    if (state === 'closed') return <Result status="warning" title={text('closed')} />;
    return (
      <Flex vertical gap={16}>
        <dl style={{ margin: 0 }}>
          <dt style={{ color: token.colorTextSecondary }}>{text('payee')}</dt>
          <dd style={{ margin: '0 0 12px' }}>{pickText(order.payee, locale)}</dd>
          <dt style={{ color: token.colorTextSecondary }}>{text('description')}</dt>
          <dd style={{ margin: '0 0 12px' }}>{pickText(order.description, locale)}</dd>
          <dt style={{ color: token.colorTextSecondary }}>{text('amount')}</dt>
          <dd style={{ margin: 0, fontSize: 36, fontWeight: 600 }}>{formatFen(order.amountFen, locale)}</dd>
        </dl>
        <p style={{ margin: 0, color: token.colorTextSecondary }}>
          {text('expires', {
            time: `${formatInZone(order.expiresAt, undefined, 'YYYY-MM-DD HH:mm:ss')} ${zoneLabel(order.expiresAt, undefined, locale)}`,
          })}
        </p>
        <Button type="primary" size="large" block loading={confirming} onClick={confirm}>
          {text('confirm')}
        </Button>
        <Button size="large" block disabled={confirming} onClick={() => setOutcome('canceled')}>
          {text('cancel')}
        </Button>
      </Flex>
    );
  };

  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Flex justify="space-between" align="center" style={{ padding: 8 }}>
        <ToneTag tone="orange">{text('badge')}</ToneTag>
        <Flex align="center" gap={8}>
          <Link to="/home">{text('back')}</Link>
          <LangSwitch />
        </Flex>
      </Flex>
      <main style={{ flex: 1, padding: 16, display: 'flex', justifyContent: 'center' }}>
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            padding: token.paddingLG,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            alignSelf: 'flex-start',
          }}
        >
          <h1 style={{ fontSize: 22, marginTop: 0 }}>{text('title')}</h1>
          <Alert type="warning" showIcon message={text('sandbox')} style={{ marginBottom: 16 }} />
          <div aria-live="polite">{body()}</div>
        </section>
      </main>
    </Flex>
  );
}

export default withPageTexts(WalletPage, { 'en-US': enWallet, 'zh-CN': zhWallet });
