import { type ProColumns, ProDescriptions, ProTable } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { withPageTexts } from '@/components/PageTexts';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import { auditLog } from '@/services/ops';
import { maskPhone } from '@/utils/format';
import { formatInZone } from '../../../../contract/format';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../../contract/ops';
import OpsShell from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';

const PAGE_SIZE = 20;
const ZONE = 'Asia/Shanghai';

interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  days?: [string, string];
}

/** A snapshot as indented JSON, or a dash when there was nothing (before a creation, after a removal). */
const snapshotText = (snapshot: AuditEntry['before']) => (snapshot ? JSON.stringify(snapshot, null, 2) : '-');

/** What an action changed: the row before and after it, side by side. */
function Change({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.audit.${id}` });
  const pre = (snapshot: AuditEntry['before']) => (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{snapshotText(snapshot)}</pre>
  );
  return (
    <ProDescriptions<AuditEntry> column={2} dataSource={entry} layout="vertical">
      <ProDescriptions.Item label={text('before')} dataIndex="before" render={() => pre(entry.before)} />
      <ProDescriptions.Item label={text('after')} dataIndex="after" render={() => pre(entry.after)} />
    </ProDescriptions>
  );
}

/** Every operator action, newest first, filtered by who, what and which days; each row opens to its before and after. */
function AuditPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.audit.${id}` });
  const actionText = (action: AuditAction) => intl.formatMessage({ id: `pages.ops.audit.action.${action}` });

  const columns: ProColumns<AuditEntry>[] = [
    {
      title: text('column.at'),
      dataIndex: 'at',
      search: false,
      render: (_, entry) => formatInZone(entry.at, ZONE, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: text('column.days'),
      dataIndex: 'days',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      title: text('column.actor'),
      dataIndex: 'actor',
      fieldProps: { maxLength: 64, placeholder: text('actor.placeholder') },
      render: (_, entry) =>
        entry.actor ? `${entry.actor.name} (${maskPhone(entry.actor.phone)})` : text('actor.commandLine'),
    },
    {
      title: text('column.action'),
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, { text: actionText(action) }])),
      render: (_, entry) => actionText(entry.action),
    },
    {
      title: text('column.target'),
      dataIndex: 'target',
      search: false,
      render: (_, entry) => entry.target.label,
    },
    { title: text('column.address'), dataIndex: 'address', search: false },
  ];

  return (
    <OpsShell title={text('title')}>
      <ProTable<AuditEntry, AuditFilters>
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, actor, action, days }) => {
          const [from, to] = days ?? [];
          const page = await auditLog({ current, pageSize, actor: actor || undefined, action, from, to });
          return tablePage(page);
        }}
        expandable={{ expandedRowRender: (entry) => <Change entry={entry} /> }}
        {...pagedTableProps(PAGE_SIZE, { searchText: text('filter'), resetText: text('reset') })}
        locale={{ emptyText: text('empty') }}
      />
    </OpsShell>
  );
}

export default withPageTexts(AuditPage, OPS_TEXTS);
