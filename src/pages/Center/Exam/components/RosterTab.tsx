import { DownloadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import PhotoRejectModal from '@/components/PhotoRejectModal';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { rejectRosterPhoto, roster, rosterExport } from '@/services/center';
import { handledHere } from '@/utils/failure';
import type { RegistrationStatus } from '../../../../../contract/booking';
import type { CenterExam, RosterEntry } from '../../../../../contract/center';
import { formatInZone } from '../../../../../contract/format';
import { saveBlob } from '../../download';
import { nationalPhone } from '../format';
import MoveSeatModal from './MoveSeatModal';
import RosterPhoto from './RosterPhoto';

const PAGE_SIZE = 20;
const STATUSES: RegistrationStatus[] = ['pending', 'register', 'checkin', 'completed', 'canceled'];
const HEADING_ID = 'center-roster';
/** Registrations holding a seat: the ones a center may move. */
const LIVE = new Set<RegistrationStatus>(['pending', 'register', 'checkin']);
/** Candidates registered at the exam: the ones whose photo a center may reject. */
const REGISTERED = new Set<RegistrationStatus>(['register', 'checkin']);

interface RosterQuery {
  q?: string;
  status?: RegistrationStatus;
}

/**
 * Every candidate of the exam, searched and paged by the server, and what the search finds as an .xlsx file; a
 * candidate's seat opens the move to another.
 */
export default function RosterTab({ exam }: { exam: CenterExam }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.center.roster.${id}` });
  const [query, setQuery] = useState<RosterQuery>({});
  const [exporting, setExporting] = useState(false);
  const [moving, setMoving] = useState<RosterEntry | null>(null);
  const [rejecting, setRejecting] = useState<RosterEntry | null>(null);
  const table = useRef<ActionType>();

  const exportRoster = async () => {
    setExporting(true);
    try {
      saveBlob(await rosterExport(exam.id, query), `roster-${exam.code}.xlsx`);
    } catch {
      // The app has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<RosterEntry>[] = [
    {
      title: text('column.photo'),
      dataIndex: 'photo',
      render: (_, entry) => (
        <RosterPhoto entry={entry} onReject={REGISTERED.has(entry.status) ? () => setRejecting(entry) : undefined} />
      ),
    },
    // A candidate anonymized on request keeps their line, without a name.
    { title: text('column.name'), dataIndex: 'name', render: (_, entry) => entry.name || text('anonymized') },
    { title: text('column.phone'), dataIndex: 'phone', render: (_, entry) => nationalPhone(entry.phone) },
    { title: text('column.idNumber'), dataIndex: 'maskedIdNumber' },
    {
      title: text('column.status'),
      dataIndex: 'status',
      render: (_, entry) => <RegistrationStatusTag status={entry.status} />,
    },
    {
      title: text('column.checkedInAt'),
      dataIndex: 'checkedInAt',
      render: (_, entry) => (entry.checkedInAt ? formatInZone(entry.checkedInAt, exam.timeZone) : '–'),
    },
    {
      title: text('column.outcome'),
      dataIndex: 'outcome',
      render: (_, entry) =>
        entry.outcome ? intl.formatMessage({ id: `pages.center.results.outcome.${entry.outcome}` }) : '–',
    },
    {
      title: text('column.certificate'),
      dataIndex: 'certificateNumber',
      render: (_, entry) => entry.certificateNumber ?? '–',
    },
    { title: text('column.room'), dataIndex: 'room', render: (_, entry) => entry.room ?? '–' },
    {
      title: text('column.seat'),
      dataIndex: 'seat',
      render: (_, entry) =>
        LIVE.has(entry.status) ? (
          <Button size="small" type="link" onClick={() => setMoving(entry)} aria-label={text('moveSeat.label')}>
            {entry.seat ?? text('moveSeat')}
          </Button>
        ) : (
          (entry.seat ?? '–')
        ),
    },
  ];

  return (
    <>
      <ProTable<RosterEntry, RosterQuery>
        actionRef={table}
        headerTitle={
          <h2 id={HEADING_ID} style={{ margin: 0, fontSize: 18 }}>
            {text('title')}
          </h2>
        }
        toolBarRender={() => [
          <Input.Search
            key="search"
            allowClear
            aria-label={text('search')}
            placeholder={text('search')}
            maxLength={64}
            style={{ width: 260, maxWidth: '100%' }}
            onSearch={(q) => setQuery((current) => ({ ...current, q: q.trim() || undefined }))}
          />,
          <Select<RegistrationStatus>
            key="status"
            allowClear
            aria-label={text('status')}
            placeholder={text('status.all')}
            style={{ width: 180 }}
            options={STATUSES.map((status) => ({
              value: status,
              label: intl.formatMessage({ id: `status.registration.${status}` }),
            }))}
            onChange={(status) => setQuery((current) => ({ ...current, status }))}
          />,
          <Button key="export" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportRoster}>
            {text('export')}
          </Button>,
        ]}
        rowKey="registrationId"
        columns={columns}
        params={query}
        request={async ({ current = 1, pageSize = PAGE_SIZE, q, status }) =>
          tablePage(await roster(exam.id, { current, pageSize, q, status }))
        }
        {...serverPagedProps(PAGE_SIZE, { labelledBy: HEADING_ID }, { hideOnSinglePage: true })}
        aria-labelledby={HEADING_ID}
        locale={{ emptyText: text('empty') }}
      />
      {moving ? (
        <MoveSeatModal
          exam={exam}
          entry={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            table.current?.reload();
          }}
        />
      ) : null}
      {rejecting?.photo ? (
        <PhotoRejectModal
          name={rejecting.name || text('anonymized')}
          photoUrl={rejecting.photo.url}
          reject={(reason) => rejectRosterPhoto(exam.id, rejecting.registrationId, { reason }, handledHere)}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
            table.current?.reload();
          }}
        />
      ) : null}
    </>
  );
}
