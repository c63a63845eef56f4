import { useRequest } from 'ahooks';
import { Button, Form, Input, InputNumber, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { createRoom, deleteRoom, rooms, updateRoom } from '@/services/center';
import { handledHere } from '@/utils/failure';
import type { Room, RoomDraft } from '../../../../contract/center';

const HEADING_ID = 'center-rooms';

/** The center's rooms: name, building, floor and seats, added, changed and removed here; exams choose among them. */
export default function RoomsCard({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.center.rooms.${id}` }, values);
  const failure = useFailure();
  const [form] = Form.useForm<RoomDraft>();
  const [modal, dialogs] = Modal.useModal();
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const list = useRequest(() => rooms());

  const open = (room: Room | 'new') => setEditing(room);
  const initial: RoomDraft = editing && editing !== 'new' ? editing : { name: '', building: '', floor: '', seats: 30 };

  const save = async (draft: RoomDraft) => {
    try {
      if (editing === 'new') await createRoom(draft, handledHere);
      else if (editing) await updateRoom(editing.id, draft, handledHere);
      setEditing(null);
      list.refresh();
    } catch (error) {
      if (!failure.onFields(form, error, { codes: { ROOM_NAME_TAKEN: 'name', ROOM_SEATS_IN_USE: 'seats' } })) {
        failure.show(error);
      }
    }
  };

  const remove = (room: Room) =>
    modal.confirm({
      title: text('remove.title', { name: room.name }),
      okText: text('remove'),
      okButtonProps: { danger: true },
      cancelText: text('keep'),
      onOk: async () => {
        try {
          list.mutate(await deleteRoom(room.id));
        } catch {
          // The app has shown why.
        }
      },
    });

  const columns: TableColumnsType<Room> = [
    { title: text('column.name'), dataIndex: 'name' },
    { title: text('column.building'), dataIndex: 'building' },
    { title: text('column.floor'), dataIndex: 'floor' },
    { title: text('column.seats'), dataIndex: 'seats' },
    {
      title: text('column.actions'),
      key: 'actions',
      render: (_, room) => (
        <Space>
          <Button size="small" onClick={() => open(room)} aria-label={text('edit.label', { name: room.name })}>
            {text('edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => remove(room)}
            aria-label={text('remove.label', { name: room.name })}
          >
            {text('remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby={HEADING_ID} style={{ marginTop: 24 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
          {text('title')}
        </h2>
        <Button onClick={() => open('new')} disabled={disabled}>
          {text('add')}
        </Button>
      </Space>
      <p>{text('help')}</p>
      <Table<Room>
        aria-labelledby={HEADING_ID}
        size="small"
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: text('empty') }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? text('add') : text('edit')}
        okText={text('save')}
        cancelText={text('keep')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} name="room" layout="vertical" initialValues={initial} onFinish={save}>
          <Form.Item name="name" label={text('column.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="building" label={text('column.building')} rules={[{ max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="floor" label={text('column.floor')} rules={[{ max: 20 }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="seats" label={text('column.seats')} rules={[{ required: true }]}>
            <InputNumber min={1} max={2000} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
      {dialogs}
    </section>
  );
}
