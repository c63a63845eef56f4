import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Alert, Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import { serverPagedProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { enterResult, publishResults, roster } from '@/services/center';
import type { CenterExam, RosterEntry } from '../../../../../contract/center';
import { formatInZone, pickText } from '../../../../../contract/format';
import { nationalPhone } from '../format';
import ResultChoice, { type ResultOutcome } from './ResultChoice';
import ResultUpload from './ResultUpload';

const PAGE_SIZE = 20;
const HEADING_ID = 'center-results';

interface ResultsTabProps {
  exam: CenterExam;
  /** Results entered or published change the exam's counts and its publication time. */
  onExamChanged: () => void;
}

/**
 * Pass or fail for every checked-in candidate, one by one or from a sheet, then publication: certificate numbers for
 * every pass, every candidate completed, and no more changes.
 */
export default function ResultsTab({ exam, onExamChanged }: ResultsTabProps) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.results.${id}` }, values);
  const [modal, dialogs] = Modal.useModal();
  const table = useRef<ActionType>();
  /** Outcomes entered on this page since the list was loaded, by registration. */
  const [entered, setEntered] = useState<Record<string, ResultOutcome>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const published = exam.resultsPublishedAt !== null;
  // A canceled exam has no results to enter; a published one keeps those it has.
  const closed = published || exam.status === 'canceled';
  const name = pickText(exam.name, locale);
  const missing = Math.max(exam.counts.checkin - exam.resultsEntered, 0);

  const enter = async (entry: RosterEntry, outcome: ResultOutcome) => {
    setSaving(entry.registrationId);
    try {
      const saved = await enterResult(exam.id, entry.registrationId, { outcome });
      const savedOutcome = saved.outcome;
      if (savedOutcome) setEntered((current) => ({ ...current, [saved.registrationId]: savedOutcome }));
      onExamChanged();
    } catch {
      // The app has shown why.
    } finally {
      setSaving(null);
    }
  };

  const publish = () =>
    modal.confirm({
      title: text('publish.title', { name }),
      content: (
        <>
          <p>{text('publish.consequence')}</p>
          {missing > 0 ? <p>{text('publish.missing', { n: missing })}</p> : null}
        </>
      ),
      okText: text('publish'),
      cancelText: text('publish.notYet'),
      onOk: async () => {
        try {
          const answer = await publishResults(exam.id);
          onExamChanged();
          modal.success({
            title: text('publish.done'),
            content: text('publish.doneCounts', { completed: answer.completed, certificates: answer.certificates }),
            okText: text('close'),
          });
        } catch {
          // The app has shown why.
        }
      },
    });

  const reload = () => {
    setEntered({});
    table.current?.reload();
    onExamChanged();
  };

  const columns: ProColumns<RosterEntry>[] = [
    { title: text('column.name'), dataIndex: 'name' },
    { title: text('column.phone'), dataIndex: 'phone', render: (_, entry) => nationalPhone(entry.phone) },
    { title: text('column.idNumber'), dataIndex: 'maskedIdNumber' },
    {
      title: text('column.outcome'),
      dataIndex: 'outcome',
      render: (_, entry) => (
        <ResultChoice
          label={text('outcome.label', { name: entry.name })}
          value={entered[entry.registrationId] ?? entry.outcome}
          disabled={closed || saving === entry.registrationId}
          onChange={(outcome) => enter(entry, outcome)}
        />
      ),
    },
    ...(published
      ? [
          {
            title: text('column.certificate'),
            dataIndex: 'certificateNumber',
            render: (_: unknown, entry: RosterEntry) => entry.certificateNumber ?? '–',
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
        {text('title')}
      </h2>
      {published ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={text('published', { at: formatInZone(exam.resultsPublishedAt ?? '', exam.timeZone) })}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={text('howTo')}
          description={text('entered', { entered: exam.resultsEntered, checkedIn: exam.counts.checkin })}
        />
      )}
      <ResultUpload exam={exam} disabled={closed} onUploaded={reload}>
        <Button type="primary" disabled={closed || exam.resultsEntered === 0} onClick={publish}>
          {text('publish')}
        </Button>
      </ResultUpload>
      <ProTable<RosterEntry, { status: 'checkin' | 'completed' }>
        rowKey="registrationId"
        columns={columns}
        // Publication moves every checked-in candidate to completed.
        params={{ status: published ? 'completed' : 'checkin' }}
        actionRef={table}
        request={async ({ current = 1, pageSize = PAGE_SIZE, status }) =>
          tablePage(await roster(exam.id, { current, pageSize, status }))
        }
        {...serverPagedProps(PAGE_SIZE, { labelledBy: HEADING_ID }, { hideOnSinglePage: true })}
        toolBarRender={false}
        cardProps={false}
        aria-labelledby={HEADING_ID}
        locale={{ emptyText: text('empty') }}
        style={{ marginTop: 16 }}
      />
      {dialogs}
    </section>
  );
}
