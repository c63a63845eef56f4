import { Alert, Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import type { ErasureResult, OpsCandidate } from '../../../../contract/ops';
import OpsShell from '../components/OpsShell';
import { OPS_TEXTS } from '../texts';
import CandidatePanel from './components/CandidatePanel';
import CandidateSearch from './components/CandidateSearch';
import ErasureOutcome from './components/ErasureOutcome';
import { nationalPhone } from './format';

const RESULTS_ID = 'ops-support-results';

/**
 * Support: a candidate looked up by phone or ID number, their registrations and orders; end their sessions, export
 * their personal data, erase them on request (anonymized when results or payments must be kept).
 */
function SupportPage() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.support.${id}` }, values);
  const [found, setFound] = useState<OpsCandidate[] | null>(null);
  const [open, setOpen] = useState<OpsCandidate | null>(null);
  const [erasure, setErasure] = useState<ErasureResult | null>(null);

  const columns: TableColumnsType<OpsCandidate> = [
    { title: text('column.name'), key: 'name', render: (_, candidate) => candidate.name || text('anonymized') },
    { title: text('column.phone'), key: 'phone', render: (_, candidate) => nationalPhone(candidate.phone) },
    { title: text('column.idNumber'), key: 'idNumber', render: (_, candidate) => candidate.maskedIdNumber || '–' },
    {
      title: text('column.actions'),
      key: 'actions',
      render: (_, candidate) => (
        <Button
          size="small"
          onClick={() => {
            setErasure(null);
            setOpen(candidate);
          }}
          aria-label={text('open.label', { name: candidate.name || text('anonymized') })}
        >
          {text('open')}
        </Button>
      ),
    },
  ];

  return (
    <OpsShell title={text('title')}>
      <CandidateSearch
        onFound={(candidates) => {
          setFound(candidates);
          setErasure(null);
          setOpen(candidates.length === 1 ? (candidates[0] ?? null) : null);
        }}
      />
      {found?.length === 0 ? <Alert type="info" showIcon message={text('notFound')} /> : null}
      {found && found.length > 1 ? (
        <section aria-labelledby={RESULTS_ID}>
          <h2 id={RESULTS_ID} style={{ fontSize: 16 }}>
            {text('results', { count: String(found.length) })}
          </h2>
          <Table<OpsCandidate>
            aria-labelledby={RESULTS_ID}
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={found}
            pagination={false}
          />
        </section>
      ) : null}
      {erasure ? <ErasureOutcome result={erasure} /> : null}
      {open ? (
        <CandidatePanel
          key={open.id}
          candidateId={open.id}
          onErased={(result) => {
            setErasure(result);
            if (result.outcome === 'erased') {
              setOpen(null);
              setFound(null);
            }
          }}
        />
      ) : null}
    </OpsShell>
  );
}

export default withPageTexts(SupportPage, OPS_TEXTS, STATUS_TEXTS);
