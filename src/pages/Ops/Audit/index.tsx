import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProDescriptions, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { auditExport, auditLog } from '@/services/ops';
import { maskPhone } from '@/utils/format';
import { formatInZone } from '../../../../contract/format';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditFilters } from '../../../../contract/ops';
import { saveBlob } from '../../Center/download';
import OpsShell, { OPS_TITLE_ID } from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';

const PAGE_SIZE = 20;
const ZONE = 'Asia/Shanghai';

interface AuditSearch {
  actor?: string;
  action?: AuditAction;
  days?: [string, string];
}

/** The search form's values as the API's filters: a blank operator left out. */
function filtersOf({ actor, action, days }: AuditSearch): AuditFilters {
  const [from, to] = days ?? [];
  return { actor: actor?.trim() || undefined, action, from, to };
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

/**
 * Every operator action, newest first, filtered by who, what and which days; each row opens to its before and after.
 * The rows the search finds export as .xlsx; the export is an action too, so the table reloads to show its row.
 */
function AuditPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.audit.${id}` });
  const actionText = (action: AuditAction) => intl.formatMessage({ id: `pages.ops.audit.action.${action}` });
  const table = useRef<ActionType>();
  const searched = useRef<AuditFilters>({});
  const [exporting, setExporting] = useState(false);

  const exportLog = async () => {
    setExporting(true);
    try {
      saveBlob(await auditExport(searched.current), 'audit.xlsx');
      table.current?.reload();
    } catch {
      // The app has shown why.
    } finally {
      setExporting(false);
    }
  };

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
      <ProTable<AuditEntry, AuditSearch>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, ...search }) => {
          searched.current = filtersOf(search);
          return tablePage(await auditLog({ current, pageSize, ...searched.current }));
        }}
        toolBarRender={() => [
          <Button key="export" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportLog}>
            {text('export')}
          </Button>,
        ]}
        expandable={{ expandedRowRender: (entry) => <Change entry={entry} /> }}
        {...pagedTableProps(
          PAGE_SIZE,
          { labelledBy: OPS_TITLE_ID },
          { searchText: text('filter'), resetText: text('reset') },
        )}
        locale={{ emptyText: text('empty') }}
      />
    </OpsShell>
  );
}

export default withPageTexts(AuditPage, OPS_TEXTS);
