import { useRequest } from 'ahooks';
import { Alert, Button, Empty, Flex, Form, Input, List, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
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
 * "Change Reservation": the sessions this registration may move to; choosing one moves it. A dearer session first says
 * what the difference comes to and moves only once that is confirmed (the difference is paid next). A session open
 * only to invited candidates first asks for its access code, and says in place when the server refuses it.
 */
export default function ChangeModal({ registration, onClose, onChanged, onLocked }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const failure = useFailure();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.${id}` }, values);
  const { data: options, loading } = useRequest(() => changeOptions(registration.id));
  const [moving, setMoving] = useState<string | null>(null);
  /** The session chosen, while its difference or its access code is asked for. */
  const [chosen, setChosen] = useState<ExamSummary | null>(null);
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

  /** What moving to this session costs on top of the current one (the server charges the fee difference). */
  const differenceOf = (exam: ExamSummary) => exam.feeFen - registration.exam.feeFen;

  const choose = (exam: ExamSummary) => {
    if (!exam.requiresAccessCode && differenceOf(exam) <= 0) {
      move(exam.id);
      return;
    }
    form.resetFields();
    setChosen(exam);
  };

  /** The button that moves: with the amount when there is a difference to pay. */
  const moveLabel = (exam: ExamSummary, orElse: string) =>
    differenceOf(exam) > 0 ? text('change.payDifference', { amount: formatFen(differenceOf(exam), locale) }) : orElse;

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
        {moveLabel(exam, text('change.moveWithCode'))}
      </Button>
    </Form>
  );

  const confirmation = (exam: ExamSummary) => (
    <div style={{ marginTop: 12 }}>
      {differenceOf(exam) > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={text('change.difference', {
            exam: pickText(exam.name, locale),
            amount: formatFen(differenceOf(exam), locale),
          })}
        />
      ) : null}
      {exam.requiresAccessCode ? (
        codeForm(exam)
      ) : (
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Button type="primary" autoFocus loading={moving === exam.id} onClick={() => move(exam.id)}>
            {moveLabel(exam, text('change.move'))}
          </Button>
          <Button onClick={() => setChosen(null)} disabled={moving !== null}>
            {text('change.notNow')}
          </Button>
        </Flex>
      )}
    </div>
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
                    loading={moving === exam.id && chosen?.id !== exam.id}
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
                  {chosen?.id === exam.id ? confirmation(exam) : null}
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
