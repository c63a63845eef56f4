import { DownloadOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Space, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import DatePicker from '@/components/DatePicker';
import { RegionTable } from '@/components/ScrollRegion';
import { useIntl } from '@/intl';
import { reconciliation, reconciliationExport } from '@/services/ops';
import type { LedgerTotals, ReconciliationMismatch } from '../../../../../contract/ops';
import { saveBlob } from '../../../Center/download';
import { OPS_ZONE, opsFormat } from '../../components/money';

const TOTALS_ID = 'ops-reconciliation-totals';
const MISMATCHES_ID = 'ops-reconciliation-mismatches';
const DAY_FIELD_ID = 'ops-reconciliation-day';

type TotalsRow = { key: keyof LedgerTotals; platform: number; provider: number };

/** Yesterday in Beijing: the last whole day, the one a reconciliation usually looks at. */
const yesterday = () => dayjs().tz(OPS_ZONE).subtract(1, 'day').format('YYYY-MM-DD');

/** A day's paid and refunded orders against the payment provider's record: counts, sums and every mismatch. */
export default function ReconciliationPanel() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.reconciliation.${id}` }, values);
  const format = opsFormat(intl.locale);
  const [date, setDate] = useState(yesterday);
  const [exporting, setExporting] = useState(false);
  const day = useRequest(() => reconciliation({ date }), { refreshDeps: [date] });
  const today = dayjs().tz(OPS_ZONE).format('YYYY-MM-DD');

  const exportDay = async () => {
    setExporting(true);
    try {
      saveBlob(await reconciliationExport({ date }), `reconciliation-${date}.xlsx`);
    } catch {
      // The app has shown why.
    } finally {
      setExporting(false);
    }
  };

  const isMoney = (key: keyof LedgerTotals) => key.endsWith('Fen');
  const figure = (key: keyof LedgerTotals, value: number) => (isMoney(key) ? format.money(value) : value);
  const totalsColumns: TableColumnsType<TotalsRow> = [
    { title: text('figure'), key: 'figure', render: (_, row) => text(`figure.${row.key}`) },
    { title: text('platform'), key: 'platform', render: (_, row) => figure(row.key, row.platform) },
    { title: text('provider'), key: 'provider', render: (_, row) => figure(row.key, row.provider) },
  ];
  const side = (entry: ReconciliationMismatch['platform']) =>
    entry ? `${format.money(entry.amountFen)} (${entry.status})` : text('none');
  const mismatchColumns: TableColumnsType<ReconciliationMismatch> = [
    { title: text('column.kind'), key: 'kind', render: (_, item) => text(`kind.${item.kind}`) },
    { title: text('column.subject'), key: 'subject', render: (_, item) => text(`subject.${item.subject}`) },
    {
      title: text('column.order'),
      key: 'order',
      render: (_, item) => <span style={{ fontFamily: 'monospace' }}>{item.orderId ?? '–'}</span>,
    },
    {
      title: text('column.transactionId'),
      key: 'transactionId',
      render: (_, item) => <span style={{ fontFamily: 'monospace' }}>{item.transactionId ?? '–'}</span>,
    },
    { title: text('column.platform'), key: 'platform', render: (_, item) => side(item.platform) },
    { title: text('column.provider'), key: 'provider', render: (_, item) => side(item.provider) },
  ];

  const result = day.data;
  const totals: TotalsRow[] = result
    ? (['paidCount', 'paidFen', 'refundedCount', 'refundedFen'] as const).map((key) => ({
        key,
        platform: result.platform[key],
        provider: result.providerTotals[key],
      }))
    : [];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center">
        <label htmlFor={DAY_FIELD_ID}>{text('day')}</label>
        <DatePicker
          id={DAY_FIELD_ID}
          allowClear={false}
          value={dayjs(date)}
          disabledDate={(candidate: Dayjs) => candidate.format('YYYY-MM-DD') > today}
          onChange={(picked) => picked && setDate(picked.format('YYYY-MM-DD'))}
        />
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportDay}>
          {text('export')}
        </Button>
      </Space>
      {day.error ? <Alert type="error" showIcon message={text('failed')} /> : null}
      {result ? (
        <>
          <p>{text('provider.name', { provider: result.provider, date: result.date })}</p>
          <section aria-labelledby={TOTALS_ID}>
            <h2 id={TOTALS_ID} style={{ fontSize: 16 }}>
              {text('totals')}
            </h2>
            <RegionTable<TotalsRow> labelledBy={TOTALS_ID} rowKey="key" columns={totalsColumns} dataSource={totals} />
          </section>
          <section aria-labelledby={MISMATCHES_ID}>
            <h2 id={MISMATCHES_ID} style={{ fontSize: 16 }}>
              {text('mismatches', { count: String(result.mismatches.length) })}
            </h2>
            {result.mismatches.length === 0 ? (
              <Alert type="success" showIcon message={text('agree')} />
            ) : (
              <RegionTable<ReconciliationMismatch>
                labelledBy={MISMATCHES_ID}
                rowKey={(item) => `${item.kind}-${item.orderId}-${item.refundId}-${item.transactionId}`}
                columns={mismatchColumns}
                dataSource={result.mismatches}
              />
            )}
          </section>
        </>
      ) : null}
    </Space>
  );
}
