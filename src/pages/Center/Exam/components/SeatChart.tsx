import { FilePdfOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Empty, Flex, Segmented, theme } from 'antd';
import { useState } from 'react';
import { useIntl } from '@/intl';
import { doorListPdf, seatChart } from '@/services/center';
import type { CenterExam, SeatChart as Chart } from '../../../../../contract/center';
import { saveBlob } from '../../download';

const HEADING_ID = 'center-seat-chart';
/** As the printed chart: at most ten seats to a row. */
const MAX_COLUMNS = 10;

type ChartRoom = Chart[number];

/** One room's seats in a grid, front of the room at the top: each seat's number and who sits there, or "Empty". */
function RoomGrid({ room }: { room: ChartRoom }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.seatChart.${id}` }, values);
  const columns = Math.min(MAX_COLUMNS, Math.max(4, Math.ceil(Math.sqrt(room.room.seats))));
  return (
    <div>
      <div
        style={{
          textAlign: 'center',
          background: token.colorFillSecondary,
          padding: 4,
          marginBottom: 8,
          color: token.colorTextSecondary,
        }}
      >
        {text('front')}
      </div>
      <ol
        aria-label={text('grid.label', { room: room.room.name })}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 6,
          gridTemplateColumns: `repeat(${columns}, minmax(72px, 1fr))`,
          overflowX: 'auto',
        }}
      >
        {room.seats.map((seat) => (
          <li
            key={seat.seat}
            aria-label={
              seat.name === null
                ? text('seat.empty.label', { seat: seat.seat })
                : text('seat.label', { seat: seat.seat, name: seat.name })
            }
            style={{
              border: `1px ${seat.name === null ? 'dashed' : 'solid'} ${
                seat.name === null ? token.colorBorder : token.colorText
              }`,
              borderRadius: token.borderRadiusSM,
              padding: '4px 6px',
              minHeight: 52,
            }}
          >
            <div style={{ fontWeight: 700, color: token.colorText }}>{seat.seat}</div>
            <div
              style={{
                overflowWrap: 'anywhere',
                color: seat.name === null ? token.colorTextTertiary : token.colorText,
                fontWeight: seat.name === null ? 400 : 600,
              }}
            >
              {seat.name ?? text('empty')}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The exam's seat charts on screen, a room at a time, and the door lists to print (the room shown, or every room in
 * one PDF): the list the examiner ticks at the door, then the room's seat chart. `version` changes after allocation.
 */
export default function SeatChart({ exam, version }: { exam: CenterExam; version: string }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.seatChart.${id}` }, values);
  const chart = useRequest(() => seatChart(exam.id), { refreshDeps: [exam.id, version] });
  const [roomId, setRoomId] = useState<string>();
  const [printing, setPrinting] = useState<'room' | 'all'>();
  const rooms = chart.data ?? [];
  const shown = rooms.find((room) => room.room.id === roomId) ?? rooms[0];
  const lang = intl.locale === 'en-US' ? ('en-US' as const) : ('zh-CN' as const);

  const print = async (which: 'room' | 'all') => {
    setPrinting(which);
    try {
      const query = which === 'room' && shown ? { roomId: shown.room.id, lang } : { lang };
      saveBlob(await doorListPdf(exam.id, query), `door-list-${exam.code}.pdf`);
    } catch {
      // The app has shown why.
    } finally {
      setPrinting(undefined);
    }
  };

  if (!chart.data) return null;
  return (
    <section aria-labelledby={HEADING_ID} style={{ marginTop: 32 }}>
      <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
        {text('title')}
      </h2>
      {shown ? (
        <Flex vertical gap={12}>
          <Segmented
            aria-label={text('room')}
            value={shown.room.id}
            onChange={(value) => setRoomId(String(value))}
            options={rooms.map((room) => ({ value: room.room.id, label: room.room.name }))}
          />
          <Flex gap={8} wrap>
            <Button
              icon={<FilePdfOutlined aria-hidden="true" />}
              loading={printing === 'room'}
              onClick={() => print('room')}
            >
              {text('print.room', { room: shown.room.name })}
            </Button>
            <Button
              icon={<FilePdfOutlined aria-hidden="true" />}
              loading={printing === 'all'}
              onClick={() => print('all')}
            >
              {text('print.all')}
            </Button>
          </Flex>
          <p style={{ margin: 0 }}>
            {text('summary', {
              seated: shown.seats.filter((seat) => seat.name !== null).length,
              seats: shown.room.seats,
            })}
          </p>
          <RoomGrid room={shown} />
        </Flex>
      ) : (
        <Empty description={text('noRooms')} />
      )}
    </section>
  );
}
