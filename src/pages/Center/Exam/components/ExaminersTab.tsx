import { useRequest } from 'ahooks';
import { Button, Form, Input, Modal, Select, Table, type TableColumnsType } from 'antd';
import type { Rule } from 'antd/es/form';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { assignExaminer, examExaminers, examSeating, setExaminerRoom, unassignExaminer } from '@/services/center';
import { handledHere } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import { isMainlandMobile } from '@/utils/phone';
import type { AssignedExaminer, CenterExam } from '../../../../../contract/center';
import { formatInZone } from '../../../../../contract/format';
import { nationalPhone } from '../format';

const HEADING_ID = 'center-examiners';

/** Read by screen readers, not drawn. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The examiners who check candidates in at the door: assigned by their phone, given one of the exam's rooms to keep
 * the door of (their scan then warns of a candidate seated elsewhere), taken off again.
 */
export default function ExaminersTab({ exam }: { exam: CenterExam }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.center.examiners.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<{ phone: string }>();
  const [modal, dialogs] = Modal.useModal();
  const list = useRequest(() => examExaminers(exam.id), { refreshDeps: [exam.id] });
  const seating = useRequest(() => examSeating(exam.id), { refreshDeps: [exam.id] });
  const examRooms = seating.data?.rooms ?? [];
  const nameOf = (examiner: AssignedExaminer) => examiner.name || nationalPhone(examiner.phone);

  const assign = async ({ phone }: { phone: string }) => {
    try {
      list.mutate(await assignExaminer(exam.id, { phone: phone.trim() }, handledHere));
      form.resetFields();
      feedback.message.success(text('assigned', { phone: nationalPhone(phone.trim()) }));
    } catch (error) {
      if (!failure.onFields(form, error, { codes: { PHONE_INVALID: 'phone' } })) failure.show(error);
    }
  };

  const remove = (examiner: AssignedExaminer) =>
    modal.confirm({
      title: text('remove.title', { name: nameOf(examiner) }),
      content: text('remove.consequence'),
      okText: text('remove'),
      okButtonProps: { danger: true },
      cancelText: text('keep'),
      onOk: async () => {
        try {
          list.mutate(await unassignExaminer(exam.id, examiner.userId));
        } catch {
          // The app has shown why.
        }
      },
    });

  const chooseRoom = async (examiner: AssignedExaminer, roomId: string | null) => {
    try {
      list.mutate(await setExaminerRoom(exam.id, examiner.userId, { roomId }));
      const room = examRooms.find((item) => item.id === roomId);
      const name = nameOf(examiner);
      feedback.message.success(room ? text('room.saved', { name, room: room.name }) : text('room.savedAny', { name }));
    } catch {
      // The app has shown why.
    }
  };

  const phoneRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isMainlandMobile(value)
        ? Promise.resolve()
        : Promise.reject(new Error(intl.formatMessage({ id: 'errors.PHONE_INVALID' }))),
  };

  const columns: TableColumnsType<AssignedExaminer> = [
    { title: text('column.name'), key: 'name', render: (_, examiner) => examiner.name || text('unnamed') },
    { title: text('column.phone'), key: 'phone', render: (_, examiner) => nationalPhone(examiner.phone) },
    {
      title: text('column.assignedAt'),
      key: 'assignedAt',
      render: (_, examiner) => formatInZone(examiner.assignedAt, exam.timeZone),
    },
    {
      title: text('column.room'),
      key: 'room',
      // A label of its own (read, not drawn), tied to the select's input: an aria-label on antd's Select would also
      // land on its wrapper, where no role allows one.
      render: (_, examiner) => (
        <>
          <label htmlFor={`examiner-room-${examiner.userId}`} style={VISUALLY_HIDDEN}>
            {text('room.label', { name: nameOf(examiner) })}
          </label>
          <Select<string>
            id={`examiner-room-${examiner.userId}`}
            size="small"
            style={{ minWidth: 140 }}
            value={examiner.roomId ?? ''}
            onChange={(value) => chooseRoom(examiner, value || null)}
            options={[
              { value: '', label: text('room.any') },
              ...examRooms.map((room) => ({ value: room.id, label: room.name })),
            ]}
          />
        </>
      ),
    },
    {
      title: text('column.actions'),
      key: 'actions',
      render: (_, examiner) => (
        <Button
          size="small"
          danger
          onClick={() => remove(examiner)}
          aria-label={text('remove.label', { name: nameOf(examiner) })}
        >
          {text('remove')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
        {text('title')}
      </h2>
      <p>{text('help')}</p>
      <Form form={form} name="assignExaminer" layout="inline" onFinish={assign} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item
          name="phone"
          label={text('phone')}
          rules={[{ required: true, whitespace: true, message: text('phone.required') }, phoneRule]}
        >
          <Input type="tel" autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {text('assign')}
          </Button>
        </Form.Item>
      </Form>
      <Table<AssignedExaminer>
        aria-labelledby={HEADING_ID}
        size="small"
        rowKey="userId"
        loading={list.loading}
        columns={columns}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text('empty') }}
      />
      {dialogs}
    </section>
  );
}
