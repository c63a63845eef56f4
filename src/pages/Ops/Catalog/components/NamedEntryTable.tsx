import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { feedback } from '@/utils/feedback';
import type { LocalizedText } from '../../../../../contract/common';
import { pickText } from '../../../../../contract/format';
import CatalogStatusTag from './CatalogStatusTag';
import NameFormModal, { type NameFormValues } from './NameFormModal';

const PAGE_SIZE = 10;

interface Entry {
  id: string;
  code?: string;
  name: LocalizedText;
  status: 'active' | 'retired';
}

interface Page<T> {
  list: T[];
  total: number;
}

/** What differs between the categories and the organizations tables. */
export interface NamedEntryTableProps<T extends Entry> {
  /** `category` or `organization`: picks the texts (`pages.ops.catalog.<kind>.*`). */
  kind: 'category' | 'organization';
  /** The column counting what names the entry (exams of a category, members of an organization). */
  usage: { title: string; render: (entry: T) => number };
  list: (query: { current: number; pageSize: number; status?: 'active' | 'retired'; q?: string }) => Promise<Page<T>>;
  create: (values: NameFormValues) => Promise<unknown>;
  rename: (id: string, name: LocalizedText) => Promise<unknown>;
  retire: (id: string) => Promise<unknown>;
}

/** Categories or organizations: paged by the server, searched, added, renamed in both languages, retired. */
export default function NamedEntryTable<T extends Entry>({
  kind,
  usage,
  list,
  create,
  rename,
  retire,
}: NamedEntryTableProps<T>) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.catalog.${kind}.${id}` }, values);
  const common = (id: string) => intl.formatMessage({ id: `pages.ops.catalog.${id}` });
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  const run = async (call: () => Promise<unknown>, done: string, name: string) => {
    try {
      await call();
    } catch {
      // The request error handler has already said why.
      return false;
    }
    feedback.message.success(text(done, { name }));
    setEditing(null);
    table.current?.reload();
    return true;
  };

  const columns: ProColumns<T>[] = [
    { title: common('search'), dataIndex: 'q', hideInTable: true, fieldProps: { maxLength: 100 } },
    ...(kind === 'category' ? [{ title: common('column.code'), dataIndex: 'code', search: false }] : []),
    { title: common('column.nameZh'), dataIndex: ['name', 'zh'], search: false },
    { title: common('column.nameEn'), dataIndex: ['name', 'en'], search: false },
    {
      title: common('column.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        active: { text: common('status.active') },
        retired: { text: common('status.retired') },
      },
      render: (_, entry) => <CatalogStatusTag status={entry.status} />,
    },
    { title: usage.title, dataIndex: 'usage', search: false, render: (_, entry) => usage.render(entry) },
    {
      title: common('column.actions'),
      valueType: 'option',
      render: (_, entry) => {
        const name = pickText(entry.name, intl.locale);
        return (
          <Space wrap size="small">
            <Button size="small" onClick={() => setEditing(entry)} aria-label={text('rename.label', { name })}>
              {common('rename')}
            </Button>
            {entry.status === 'active' ? (
              <Popconfirm
                title={text('retire.confirm', { name })}
                okText={common('retire')}
                cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
                onConfirm={() => run(() => retire(entry.id), 'retire.done', name)}
              >
                <Button size="small" danger aria-label={text('retire.label', { name })}>
                  {common('retire')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ProTable<T, { q?: string; status?: 'active' | 'retired' }>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, status, q }) => {
          const page = await list({ current, pageSize, status, q: q || undefined });
          return tablePage(page);
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" onClick={() => setEditing('new')}>
            {text('add')}
          </Button>,
        ]}
        {...pagedTableProps(
          PAGE_SIZE,
          { label: common(kind === 'category' ? 'tab.categories' : 'tab.organizations') },
          { searchText: common('filter'), resetText: common('reset') },
        )}
      />
      <NameFormModal
        open={editing !== null}
        title={
          editing === 'new'
            ? text('add')
            : text('rename.label', { name: editing ? pickText(editing.name, intl.locale) : '' })
        }
        withCode={editing === 'new' && kind === 'category'}
        initialName={editing === 'new' ? undefined : editing?.name}
        onClose={() => setEditing(null)}
        onSave={(values) =>
          editing === 'new'
            ? run(() => create(values), 'added', values.name.zh)
            : run(() => rename(editing?.id ?? '', values.name), 'renamed', values.name.zh)
        }
      />
    </>
  );
}
