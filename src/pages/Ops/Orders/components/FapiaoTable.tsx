import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Alert, Button, Form, Input, Modal, Radio, Segmented, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { decideFapiao, fapiaoRequests } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { maskPhone } from '@/utils/format';
import { FAPIAO_STATUSES, type FapiaoStatus, type OpsFapiao } from '../../../../../contract/receipts';
import { opsFormat } from '../../components/money';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<FapiaoStatus, string> = { requested: 'processing', issued: 'success', rejected: 'error' };

interface Decision {
  status: 'issued' | 'rejected';
  note: string;
}

/**
 * Payers' fapiao requests by state, the longest waiting first. The fapiao itself is issued on the tax platform, outside
 * this service; here finance records that it was issued (or why it was rejected), which the payer reads on the receipt.
 */
export default function FapiaoTable() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.fapiao.${id}` }, values);
  const format = opsFormat(intl.locale);
  const table = useRef<ActionType>();
  const [status, setStatus] = useState<FapiaoStatus | 'all'>('requested');
  const [deciding, setDeciding] = useState<OpsFapiao | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Decision>();

  const decide = async (values: Decision) => {
    if (!deciding) return;
    setSaving(true);
    try {
      await decideFapiao(deciding.id, { status: values.status, note: values.note ?? '' });
      feedback.message.success(text(`decided.${values.status}`, { title: deciding.title }));
      setDeciding(null);
      table.current?.reload();
    } catch {
      // The request error handler has already said why.
    } finally {
      setSaving(false);
    }
  };

  const columns: ProColumns<OpsFapiao>[] = [
    { title: text('column.requestedAt'), key: 'requestedAt', render: (_, row) => format.at(row.requestedAt) },
    {
      title: text('column.status'),
      key: 'status',
      render: (_, row) => (
        <>
          <Tag color={STATUS_COLORS[row.status]}>{text(`status.${row.status}`)}</Tag>
          {row.note ? <div>{row.note}</div> : null}
        </>
      ),
    },
    {
      title: text('column.title'),
      key: 'title',
      render: (_, row) => (
        <>
          <div>{row.title}</div>
          <div>{row.taxId || text('personal')}</div>
          <div>{row.email}</div>
        </>
      ),
    },
    {
      title: text('column.order'),
      key: 'order',
      render: (_, row) => (
        <>
          <div>
            {row.exam.code} · {format.money(row.orderTotalFen)}
          </div>
          {row.orderRefundedFen > 0 ? (
            <div>{text('refunded', { amount: format.money(row.orderRefundedFen) })}</div>
          ) : null}
          <div style={{ wordBreak: 'break-all', fontSize: 12 }}>{row.orderId}</div>
        </>
      ),
    },
    {
      title: text('column.payer'),
      key: 'payer',
      render: (_, row) => (
        <>
          <div>{row.payer.name || intl.formatMessage({ id: 'pages.ops.orders.anonymized' })}</div>
          <div>{row.payer.phone ? maskPhone(row.payer.phone) : null}</div>
        </>
      ),
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, row) =>
        row.status === 'requested' ? (
          <Button
            size="small"
            type="primary"
            aria-label={text('decide.label', { title: row.title })}
            onClick={() => {
              form.setFieldsValue({ status: 'issued', note: '' });
              setDeciding(row);
            }}
          >
            {text('decide')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={text('outside')} />
      <Segmented<FapiaoStatus | 'all'>
        aria-label={text('column.status')}
        value={status}
        onChange={(value) => {
          setStatus(value);
          table.current?.reset?.();
        }}
        options={[...FAPIAO_STATUSES, 'all' as const].map((value) => ({ value, label: text(`status.${value}`) }))}
      />
      <ProTable<OpsFapiao>
        actionRef={table}
        rowKey="id"
        columns={columns}
        params={{ status }}
        request={async ({ current = 1, pageSize = PAGE_SIZE }) =>
          tablePage(await fapiaoRequests({ current, pageSize, ...(status === 'all' ? {} : { status }) }))
        }
        {...serverPagedProps(PAGE_SIZE, { label: intl.formatMessage({ id: 'pages.ops.orders.tab.fapiao' }) })}
        locale={{ emptyText: text('empty') }}
      />
      <Modal
        open={deciding !== null}
        title={deciding ? text('decide.title', { title: deciding.title }) : ''}
        okText={text('decide.save')}
        cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        <Form<Decision> form={form} layout="vertical" requiredMark={false} onFinish={decide}>
          <Form.Item name="status" label={text('column.status')}>
            <Radio.Group
              options={[
                { value: 'issued', label: text('status.issued') },
                { value: 'rejected', label: text('status.rejected') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={text('note')}
            extra={text('note.help')}
            dependencies={['status']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  getFieldValue('status') === 'rejected' && !value?.trim()
                    ? Promise.reject(new Error(text('note.required')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
