import { useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Empty, Form, Input, List, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useFailure } from '@/hooks/useFailure';
import { changeOptions, changeRegistration } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import type { ChangeResponse, RegistrationView } from '../../../../contract/booking';
import type { ExamSummary } from '../../../../contract/catalog';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';

interface Props {
  registration: RegistrationView;
  onClose: () => void;
  onChanged: (answer: ChangeResponse) => void;
  /** The server refused: the reservation is within the lock period now. */
  onLocked: () => void;
}

/**
 * "Change Reservation": the sessions this registration may move to; choosing one moves it (or asks for the
 * difference). A session open only to invited candidates first asks for its access code, and says in place when the
 * server refuses it.
 */
export default function ChangeModal({ registration, onClose, onChanged, onLocked }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const failure = useFailure();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.${id}` }, values);
  const { data: options, loading } = useRequest(() => changeOptions(registration.id));
  const [moving, setMoving] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState<ExamSummary | null>(null);
  const [form] = Form.useForm<{ accessCode: string }>();

  const move = async (examId: string, accessCode?: string) => {
    setMoving(examId);
    try {
      onChanged(await changeRegistration(registration.id, { examId, accessCode }, handledHere));
    } catch (error) {
      const envelope = envelopeOf(error);
      if (envelope?.errorCode === 'RESERVATION_LOCKED') onLocked();
      else if (envelope?.errorCode === 'ACCESS_CODE_INVALID') {
        form.setFields([{ name: 'accessCode', errors: [failure.text(error)] }]);
      } else failure.show(error);
    } finally {
      setMoving(null);
    }
  };

  const choose = (exam: ExamSummary) => {
    if (!exam.requiresAccessCode) {
      move(exam.id);
      return;
    }
    form.resetFields();
    setNeedsCode(exam);
  };

  const codeForm = (exam: ExamSummary) => (
    <Form
      form={form}
      layout="vertical"
      onFinish={({ accessCode }) => move(exam.id, accessCode.trim())}
      style={{ marginTop: 12 }}
    >
      <Form.Item
        name="accessCode"
        label={text('change.accessCode', { exam: pickText(exam.name, locale) })}
        extra={text('accessCode.help')}
        rules={[{ required: true, whitespace: true, message: text('accessCode.required') }]}
      >
        <Input autoFocus autoComplete="off" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={moving === exam.id}>
        {text('change.moveWithCode')}
      </Button>
    </Form>
  );

  return (
    <Modal
      open
      title={text('change.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{text('change.close')}</Button>}
    >
      <p>{text('change.intro')}</p>
      {loading ? (
        <Spin />
      ) : options?.length ? (
        <List
          dataSource={options}
          renderItem={(exam) => {
            const name = pickText(exam.name, locale);
            const date = `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
            return (
              <List.Item
                actions={[
                  <Button
                    key="move"
                    aria-label={text('change.moveLabel', { exam: name, date })}
                    loading={moving === exam.id && needsCode?.id !== exam.id}
                    disabled={moving !== null}
                    onClick={() => choose(exam)}
                  >
                    {text('change.move')}
                  </Button>,
                ]}
              >
                <div style={{ flex: 1 }}>
                  <List.Item.Meta
                    title={
                      <>
                        {name}
                        {exam.requiresAccessCode ? (
                          <Tag style={{ marginInlineStart: 8 }}>{text('change.needsCode')}</Tag>
                        ) : null}
                      </>
                    }
                    description={`${date} · ${pickText(exam.center.name, locale)} · ${formatFen(exam.feeFen, locale)}`}
                  />
                  {needsCode?.id === exam.id ? codeForm(exam) : null}
                </div>
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty description={text('change.empty')} />
      )}
    </Modal>
  );
}
