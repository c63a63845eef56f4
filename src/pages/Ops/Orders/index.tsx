import { withPageTexts } from '@/components/PageTexts';
import SectionTabs from '@/components/SectionTabs';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import OpsShell from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';
import FailedRefundsTable from './components/FailedRefundsTable';
import FapiaoTable from './components/FapiaoTable';
import OrdersTable from './components/OrdersTable';
import ReconciliationPanel from './components/ReconciliationPanel';

/**
 * Orders and money: the order search (each order's timeline and a manual refund), failed refunds, reconciliation, and
 * payers' fapiao requests.
 */
function OrdersPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.orders.${id}` });
  const items = [
    { key: 'orders', label: text('tab.orders'), children: <OrdersTable /> },
    { key: 'failed', label: text('tab.failed'), children: <FailedRefundsTable /> },
    { key: 'reconciliation', label: text('tab.reconciliation'), children: <ReconciliationPanel /> },
    { key: 'fapiao', label: text('tab.fapiao'), children: <FapiaoTable /> },
  ];
  return (
    <OpsShell title={text('title')}>
      <SectionTabs items={items} destroyOnHidden />
    </OpsShell>
  );
}

export default withPageTexts(OrdersPage, OPS_TEXTS, STATUS_TEXTS);
