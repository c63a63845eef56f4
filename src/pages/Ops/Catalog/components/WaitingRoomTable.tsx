import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useRef } from 'react';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import WaitingRoomSwitch from '@/components/WaitingRoomSwitch';
import { useIntl } from '@/intl';
import { exams } from '@/services/catalog';
import { setWaitingRoom } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import type { ExamSummary } from '../../../../../contract/catalog';
import { formatInZone, pickText } from '../../../../../contract/format';

const PAGE_SIZE = 10;

/**
 * The exams open for booking (the public catalog, searched by code or name), each with its waiting room's switch:
 * an operator turns one on for an exam a rush is expected at, whatever its center chose.
 */
export default function WaitingRoomTable() {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.catalog.waitingRoom.${id}` }, values);
  const table = useRef<ActionType>();

  const toggle = async (exam: ExamSummary, enabled: boolean) => {
    const saved = await setWaitingRoom(exam.id, enabled);
    const name = pickText(saved.name, locale);
    feedback.message.success(text(saved.waitingRoom ? 'on' : 'off', { name }));
    table.current?.reload();
  };

  const columns: ProColumns<ExamSummary>[] = [
    { title: text('search'), dataIndex: 'q', hideInTable: true, fieldProps: { maxLength: 64 } },
    {
      title: text('exam'),
      dataIndex: 'name',
      search: false,
      render: (_, exam) => `${exam.code} ${pickText(exam.name, locale)}`,
    },
    {
      title: text('center'),
      dataIndex: 'center',
      search: false,
      render: (_, exam) => pickText(exam.center.name, locale),
    },
    {
      title: text('startsAt'),
      dataIndex: 'startsAt',
      search: false,
      render: (_, exam) => formatInZone(exam.startsAt, exam.timeZone),
    },
    {
      title: text('opensAt'),
      dataIndex: 'registrationOpensAt',
      search: false,
      render: (_, exam) =>
        exam.registrationOpensAt ? formatInZone(exam.registrationOpensAt, exam.timeZone) : text('opensAt.listed'),
    },
    { title: text('seatsLeft'), dataIndex: 'seatsLeft', search: false },
    {
      title: text('switch'),
      dataIndex: 'waitingRoom',
      search: false,
      render: (_, exam) => (
        <WaitingRoomSwitch
          enabled={exam.waitingRoom}
          label={text('switch.label', { name: pickText(exam.name, locale), code: exam.code })}
          onToggle={(enabled) => toggle(exam, enabled)}
        />
      ),
    },
  ];

  return (
    <ProTable<ExamSummary, { q?: string }>
      actionRef={table}
      rowKey="id"
      columns={columns}
      headerTitle={text('intro')}
      request={async ({ current = 1, pageSize = PAGE_SIZE, q }) =>
        tablePage(await exams({ current, pageSize, q: q?.trim() || undefined }))
      }
      {...pagedTableProps(
        PAGE_SIZE,
        { label: intl.formatMessage({ id: 'pages.ops.catalog.tab.waitingRooms' }) },
        {
          searchText: intl.formatMessage({ id: 'pages.ops.catalog.filter' }),
          resetText: intl.formatMessage({ id: 'pages.ops.catalog.reset' }),
        },
      )}
    />
  );
}
