import { useRequest } from 'ahooks';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { examSeating, moveSeat } from '@/services/center';
import { handledHere } from '@/utils/failure';
import type { CenterExam, RosterEntry, SeatMove } from '../../../../../contract/center';

interface Props {
  exam: CenterExam;
  entry: RosterEntry;
  onClose: () => void;
  onMoved: () => void;
}

/** Moves one candidate to a free seat of one of the exam's rooms; after release, their old ticket stops working. */
export default function MoveSeatModal({ exam, entry, onClose, onMoved }: Props) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.center.seating.move.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<SeatMove>();
  const seating = useRequest(() => examSeating(exam.id));
  const current = seating.data?.rooms.find((room) => room.name === entry.room);

  const move = async (body: SeatMove) => {
    try {
      await moveSeat(exam.id, entry.registrationId, body, handledHere);
      onMoved();
    } catch (error) {
      if (!failure.onFields(form, error, { codes: { SEAT_TAKEN: 'seat', SEAT_NOT_IN_ROOM: 'seat' } })) {
        failure.show(error);
      }
    }
  };

  return (
    <Modal
      open
      title={text('title', { name: entry.name })}
      okText={text('ok')}
      cancelText={text('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {seating.data ? (
        <Form<SeatMove>
          form={form}
          name="moveSeat"
          layout="vertical"
          onFinish={move}
          initialValues={{ roomId: current?.id, seat: entry.seat ?? undefined }}
        >
          <Form.Item name="roomId" label={text('room')} rules={[{ required: true, message: text('room.required') }]}>
            <Select options={seating.data.rooms.map((room) => ({ value: room.id, label: room.name }))} />
          </Form.Item>
          <Form.Item name="seat" label={text('seat')} rules={[{ required: true, message: text('seat.required') }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          {seating.data.ticketsReleased ? <p>{text('released')}</p> : null}
        </Form>
      ) : null}
    </Modal>
  );
}
