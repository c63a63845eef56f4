import { ModalForm, ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Button, Form, Modal } from 'antd';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { refundOrder } from '@/services/ops';
import { handledHere } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import type { OpsOrderDetail } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';

interface RefundValues {
  /** Yuan, as the operator types it; sent as fen. */
  amount: number;
  reason: string;
}

interface RefundModalProps {
  order: OpsOrderDetail;
  open: boolean;
  onClose: () => void;
  onRefunded: (order: OpsOrderDetail) => void;
}

/** Yuan with at most two decimals to integer fen, without binary fractions creeping in (19.9 * 100 = 1989.999...). */
const fenOf = (yuan: number) => Math.round(yuan * 100);

/**
 * A manual refund of part or all of a paid order, through the provider: the amount in yuan (never more than is still
 * refundable) and a reason, confirmed before anything is sent.
 */
export default function RefundModal({ order, open, onClose, onRefunded }: RefundModalProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.orders.refund.${id}` }, values);
  const format = opsFormat(intl.locale);
  const failure = useFailure();
  const [form] = Form.useForm<RefundValues>();
  const [modal, dialogs] = Modal.useModal();
  const refundable = format.money(order.refundableFen);

  const confirmed = (amountFen: number) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: text('confirm.title', { amount: format.money(amountFen), exam: order.exam.code }),
        content: text('confirm.content'),
        okText: text('confirm.ok'),
        okButtonProps: { danger: true },
        cancelText: intl.formatMessage({ id: 'pages.ops.cancel' }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async ({ amount, reason }: RefundValues) => {
    const amountFen = fenOf(amount);
    if (!(await confirmed(amountFen))) return false;
    try {
      const refunded = await refundOrder(order.id, { amountFen, reason }, handledHere);
      feedback.message.success(text('done', { amount: format.money(amountFen) }));
      onRefunded(refunded);
      return true;
    } catch (error) {
      const map = {
        codes: { REFUND_EXCEEDS_REFUNDABLE: 'amount' as const },
        paths: { amountFen: 'amount' as const, reason: 'reason' as const },
      };
      if (!failure.onFields(form, error, map)) failure.show(error);
      return false;
    }
  };

  return (
    <>
      <ModalForm<RefundValues>
        form={form}
        title={text('title', { exam: order.exam.code })}
        open={open}
        modalProps={{ destroyOnHidden: true, onCancel: onClose }}
        submitter={{
          searchConfig: { submitText: text('submit'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
        }}
        onFinish={submit}
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={text('refundable', { amount: refundable })} />
        <ProFormDigit
          name="amount"
          label={text('amount')}
          min={0.01}
          fieldProps={{ precision: 2, step: 1, inputMode: 'decimal' }}
          extra={
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => form.setFieldsValue({ amount: order.refundableFen / 100 })}
            >
              {text('full', { amount: refundable })}
            </Button>
          }
          rules={[
            { required: true, message: text('amount.required') },
            {
              validator: (_: unknown, value: number | undefined | null) =>
                value === undefined || value === null || (fenOf(value) >= 1 && fenOf(value) <= order.refundableFen)
                  ? Promise.resolve()
                  : Promise.reject(new Error(text('amount.tooMuch', { amount: refundable }))),
            },
          ]}
        />
        <ProFormTextArea
          name="reason"
          label={text('reason')}
          extra={text('reason.help')}
          fieldProps={{ maxLength: 500, showCount: true, rows: 3 }}
          rules={[{ required: true, whitespace: true, message: text('reason.required') }]}
        />
      </ModalForm>
      {dialogs}
    </>
  );
}
