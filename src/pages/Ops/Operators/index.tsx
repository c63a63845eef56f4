import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import ScrollRegion from '@/components/ScrollRegion';
import { useIntl } from '@/intl';
import { operators, removeOperator } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { maskPhone } from '@/utils/format';
import { formatInZone } from '../../../../contract/format';
import type { Operator } from '../../../../contract/ops';
import OpsShell, { OPS_TITLE_ID } from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';
import InviteOperatorModal from './components/InviteOperatorModal';

const ZONE = 'Asia/Shanghai';

/** The operators and their permissions: invite one by phone, or remove one (never oneself). */
function OperatorsPage() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.operators.${id}` }, values);
  const { initialState } = useModel('@@initialState');
  const table = useRef<ActionType>();

  const remove = async (operator: Operator) => {
    try {
      await removeOperator(operator.id);
    } catch {
      // The request error handler has already said why.
      return;
    }
    feedback.message.success(text('remove.done', { name: operator.name }));
    table.current?.reload();
  };

  const columns: ProColumns<Operator>[] = [
    { title: text('column.name'), dataIndex: 'name' },
    { title: text('column.phone'), dataIndex: 'phone', render: (_, operator) => maskPhone(operator.phone) },
    {
      title: text('column.permissions'),
      dataIndex: 'permissions',
      render: (_, operator) =>
        operator.permissions
          .map((permission) => intl.formatMessage({ id: `pages.ops.permission.${permission}` }))
          .join(intl.locale === 'zh-CN' ? '、' : ', '),
    },
    {
      title: text('column.invitedBy'),
      dataIndex: 'invitedBy',
      render: (_, operator) => operator.invitedBy?.name ?? text('invitedBy.cli'),
    },
    {
      title: text('column.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (_, operator) => (operator.lastLoginAt ? formatInZone(operator.lastLoginAt, ZONE) : text('never')),
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, operator) =>
        operator.id === initialState?.currentUser?.id ? null : (
          <Popconfirm
            title={text('remove.confirm', { name: operator.name })}
            okText={text('remove')}
            okButtonProps={{ danger: true }}
            cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
            onConfirm={() => remove(operator)}
          >
            <Button size="small" danger aria-label={text('remove.label', { name: operator.name })}>
              {text('remove')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <OpsShell title={text('title')}>
      <ProTable<Operator>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async () => {
          const list = await operators();
          return { data: list, total: list.length, success: true };
        }}
        // The request error handler has already told the user; the table only stops loading.
        onRequestError={() => undefined}
        toolBarRender={() => [<InviteOperatorModal key="invite" onInvited={() => table.current?.reload()} />]}
        pagination={false}
        search={false}
        options={false}
        // The ScrollRegion around the table scrolls it sideways, focusable by keyboard; the table itself does not.
        tableViewRender={(_, view) => <ScrollRegion labelledBy={OPS_TITLE_ID}>{view}</ScrollRegion>}
      />
    </OpsShell>
  );
}

export default withPageTexts(OperatorsPage, OPS_TEXTS);
