import { useRequest } from 'ahooks';
import { Alert, Button, Checkbox, Descriptions, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import DatePicker from '@/components/DatePicker';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { allocateSeats, examSeating, rooms, saveExamSeating } from '@/services/center';
import { handledHere } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import type { CenterExam, ExamSeating } from '../../../../../contract/center';
import { formatInZone } from '../../../../../contract/format';
import SeatChart from './SeatChart';

const HEADING_ID = 'center-seating';

interface SeatingForm {
  roomIds: string[];
  /** Empty: 7 days before the start. */
  ticketsReleaseAt: Dayjs | null;
}

/**
 * The exam's rooms and seats: which of the center's rooms it uses (their seats cover its capacity), when tickets are
 * released, and the allocation (random, a group's members apart), again as often as wanted until the release; then
 * the seat charts and the door lists to print.
 */
export default function SeatingTab({ exam }: { exam: CenterExam }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.seating.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<SeatingForm>();
  const centerRooms = useRequest(() => rooms());
  const seating = useRequest(() => examSeating(exam.id), { refreshDeps: [exam.id] });
  const at = (iso: string) => formatInZone(iso, exam.timeZone);

  const save = async (values: SeatingForm) => {
    try {
      const body = { roomIds: values.roomIds, ticketsReleaseAt: values.ticketsReleaseAt?.toISOString() ?? null };
      seating.mutate(await saveExamSeating(exam.id, body, handledHere));
      feedback.message.success(text('saved'));
    } catch (error) {
      if (!failure.onFields(form, error, { codes: { EXAM_ROOMS_TOO_SMALL: 'roomIds' } })) failure.show(error);
    }
  };

  const allocate = async () => {
    try {
      const result: ExamSeating = await allocateSeats(exam.id);
      seating.mutate(result);
      feedback.message.success(text('allocated', { n: result.seated }));
    } catch {
      // The app has shown why.
    }
  };

  const current = seating.data;
  if (!current || !centerRooms.data) return null;
  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
        {text('title')}
      </h2>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={text('seats')}>
          {text('seats.value', { total: current.totalSeats, capacity: current.capacity })}
        </Descriptions.Item>
        <Descriptions.Item label={text('release')}>
          {at(current.ticketsReleaseAt)} {current.ticketsReleaseSet ? null : text('release.default')}
        </Descriptions.Item>
        <Descriptions.Item label={text('allocation')}>
          {current.allocatedAt
            ? text('allocation.value', {
                at: at(current.allocatedAt),
                seated: current.seated,
                unseated: current.unseated,
              })
            : text('allocation.never')}
        </Descriptions.Item>
      </Descriptions>
      {current.ticketsReleased ? (
        <Alert type="info" showIcon message={text('released')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<SeatingForm>
        form={form}
        name="seating"
        layout="vertical"
        onFinish={save}
        initialValues={{
          roomIds: current.rooms.map((room) => room.id),
          ticketsReleaseAt: current.ticketsReleaseSet ? dayjs(current.ticketsReleaseAt) : null,
        }}
      >
        {/* A validator, not `required`: antd would put aria-required on the checkbox group, which no group may carry. */}
        <Form.Item
          name="roomIds"
          label={text('rooms')}
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                value?.length ? Promise.resolve() : Promise.reject(new Error(text('rooms.required'))),
            },
          ]}
        >
          <Checkbox.Group
            options={centerRooms.data.map((room) => ({
              value: room.id,
              label: text('room.option', { name: room.name, seats: room.seats }),
            }))}
          />
        </Form.Item>
        <Form.Item name="ticketsReleaseAt" label={text('release')} extra={text('release.help')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {text('save')}
          </Button>
          <Button onClick={allocate} disabled={current.ticketsReleased || current.rooms.length === 0}>
            {current.allocatedAt ? text('reallocate') : text('allocate')}
          </Button>
        </Space>
      </Form>
      <SeatChart exam={exam} version={[current.allocatedAt, ...current.rooms.map((room) => room.id)].join()} />
    </section>
  );
}
