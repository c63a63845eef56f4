import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import ToneTag from '@/components/ToneTag';
import { useIntl } from '@/intl';
import { promotions } from '@/services/ops';
import { formatFen, formatInZone, pickText } from '../../../../../contract/format';
import { PROMOTION_KINDS, type Promotion } from '../../../../../contract/ops';
import PromotionFormModal from './PromotionFormModal';

const PAGE_SIZE = 10;
const ZONE = 'Asia/Shanghai';

/** Promotions and invitation codes: discount, validity, usage against the cap, scope; added and edited. */
export default function PromotionTable() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.ops.catalog.promotion.${id}` }, values);
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);

  const columns: ProColumns<Promotion>[] = [
    { title: text('code'), dataIndex: 'q', hideInTable: true, fieldProps: { maxLength: 32 } },
    { title: text('code'), dataIndex: 'code', search: false },
    {
      title: text('kind'),
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(PROMOTION_KINDS.map((kind) => [kind, { text: text(`kind.${kind}`) }])),
    },
    {
      title: text('discount'),
      dataIndex: 'discountType',
      search: false,
      render: (_, item) =>
        item.discountType === 'percent'
          ? text('discount.percent', { percent: item.percentOff ?? 0 })
          : text('discount.fixed', { amount: formatFen(item.amountOffFen ?? 0, intl.locale) }),
    },
    {
      title: text('validity'),
      dataIndex: 'validFrom',
      search: false,
      render: (_, item) => `${formatInZone(item.validFrom, ZONE)} – ${formatInZone(item.validUntil, ZONE)}`,
    },
    {
      title: text('usage'),
      dataIndex: 'usageCount',
      search: false,
      render: (_, item) =>
        item.usageCap === null
          ? text('usage.uncapped', { count: item.usageCount })
          : text('usage.capped', { count: item.usageCount, cap: item.usageCap }),
    },
    {
      title: text('scope'),
      dataIndex: 'scope',
      search: false,
      render: (_, item) =>
        item.scopeTarget
          ? `${text(`scope.${item.scope}`)}: ${item.scopeTarget.code} ${pickText(item.scopeTarget.name, intl.locale)}`
          : text('scope.all'),
    },
    {
      title: text('active'),
      dataIndex: 'active',
      search: false,
      render: (_, item) => (
        <ToneTag tone={item.active ? 'green' : 'grey'}>{text(item.active ? 'active.on' : 'active.off')}</ToneTag>
      ),
    },
    {
      title: intl.formatMessage({ id: 'pages.ops.catalog.column.actions' }),
      valueType: 'option',
      render: (_, item) => (
        <Button size="small" onClick={() => setEditing(item)} aria-label={text('edit.title', { code: item.code })}>
          {text('edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ProTable<Promotion, { q?: string; kind?: Promotion['kind'] }>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, kind, q }) => {
          const page = await promotions({ current, pageSize, kind, q: q || undefined });
          return tablePage(page);
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" onClick={() => setEditing('new')}>
            {text('add')}
          </Button>,
        ]}
        {...pagedTableProps(
          PAGE_SIZE,
          { label: intl.formatMessage({ id: 'pages.ops.catalog.tab.promotions' }) },
          {
            searchText: intl.formatMessage({ id: 'pages.ops.catalog.filter' }),
            resetText: intl.formatMessage({ id: 'pages.ops.catalog.reset' }),
          },
        )}
      />
      <PromotionFormModal
        promotion={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.reload();
        }}
      />
    </>
  );
}
