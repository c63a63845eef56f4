import { DownloadOutlined } from '@ant-design/icons';
import { ProDescriptions } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert, Button, Modal, Space, Spin, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { RegionTable } from '@/components/ScrollRegion';
import { OrderStatusTag, RegistrationStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { candidateExport, endCandidateSessions, candidate as fetchCandidate } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { formatInZone, pickText } from '../../../../../contract/format';
import type { ErasureResult, OpsCandidateDetail, OpsOrderRow } from '../../../../../contract/ops';
import { saveBlob } from '../../../Center/download';
import { opsFormat } from '../../components/money';
import { nationalPhone } from '../format';
import CandidatePhoto from './CandidatePhoto';
import EraseCandidateModal from './EraseCandidateModal';

type Registration = OpsCandidateDetail['registrations'][number];

const HEADING_ID = 'ops-support-candidate';
const REGISTRATIONS_ID = 'ops-support-registrations';
const ORDERS_ID = 'ops-support-orders';

interface CandidatePanelProps {
  candidateId: string;
  onErased: (result: ErasureResult) => void;
}

/** One candidate: who they are, their registrations and orders, and what support may do for them. */
export default function CandidatePanel({ candidateId, onErased }: CandidatePanelProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.support.${id}` }, values);
  const format = opsFormat(intl.locale);
  const [modal, dialogs] = Modal.useModal();
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const detail = useRequest(() => fetchCandidate(candidateId), { refreshDeps: [candidateId] });
  const candidate = detail.data;
  const nameOf = (who: OpsCandidateDetail) => who.name || text('anonymized');

  if (!candidate) {
    return detail.error ? <Alert type="error" showIcon message={text('failed')} /> : <Spin />;
  }

  const endSessions = () =>
    modal.confirm({
      title: text('logout.confirm', { name: nameOf(candidate) }),
      content: text('logout.consequence'),
      okText: text('logout'),
      okButtonProps: { danger: true },
      cancelText: intl.formatMessage({ id: 'pages.ops.cancel' }),
      onOk: async () => {
        try {
          const { ended } = await endCandidateSessions(candidate.id);
          feedback.message.success(text('logout.done', { count: String(ended) }));
          detail.refresh();
        } catch {
          // The app has shown why.
        }
      },
    });

  const exportData = async () => {
    setExporting(true);
    try {
      saveBlob(await candidateExport(candidate.id), `personal-data-${candidate.id}.json`);
    } catch {
      // The app has shown why.
    } finally {
      setExporting(false);
    }
  };

  const registrationColumns: TableColumnsType<Registration> = [
    {
      title: text('registrations.exam'),
      key: 'exam',
      render: (_, registration) => `${pickText(registration.exam.name, intl.locale)} (${registration.exam.code})`,
    },
    {
      title: text('registrations.startsAt'),
      key: 'startsAt',
      render: (_, registration) => formatInZone(registration.exam.startsAt, registration.exam.timeZone),
    },
    {
      title: text('registrations.status'),
      key: 'status',
      render: (_, registration) => <RegistrationStatusTag status={registration.status} />,
    },
    {
      title: text('registrations.outcome'),
      key: 'outcome',
      render: (_, registration) => (registration.outcome ? text(`registrations.outcome.${registration.outcome}`) : '–'),
    },
  ];
  const orderColumns: TableColumnsType<OpsOrderRow> = [
    { title: text('orders.createdAt'), key: 'createdAt', render: (_, order) => format.at(order.createdAt) },
    { title: text('orders.exam'), key: 'exam', render: (_, order) => order.exam.code },
    { title: text('orders.total'), key: 'total', render: (_, order) => format.money(order.totalFen) },
    { title: text('orders.refunded'), key: 'refunded', render: (_, order) => format.money(order.refundedFen) },
    { title: text('orders.status'), key: 'status', render: (_, order) => <OrderStatusTag status={order.status} /> },
  ];

  return (
    <section aria-labelledby={HEADING_ID} style={{ marginTop: 16 }}>
      <h2 id={HEADING_ID} style={{ fontSize: 18 }}>
        {nameOf(candidate)}
      </h2>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={endSessions} disabled={candidate.activeSessions === 0}>
          {text('logout')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportData}>
          {text('export')}
        </Button>
        <Button danger onClick={() => setErasing(true)} disabled={candidate.anonymizedAt !== null}>
          {text('erase')}
        </Button>
      </Space>
      <ProDescriptions<OpsCandidateDetail> column={{ xs: 1, sm: 2 }} dataSource={candidate} bordered size="small">
        <ProDescriptions.Item label={text('phone')}>{nationalPhone(candidate.phone)}</ProDescriptions.Item>
        <ProDescriptions.Item label={text('idNumber')}>{candidate.maskedIdNumber || '–'}</ProDescriptions.Item>
        <ProDescriptions.Item label={text('createdAt')}>{format.at(candidate.createdAt)}</ProDescriptions.Item>
        <ProDescriptions.Item label={text('sessions')}>{candidate.activeSessions}</ProDescriptions.Item>
        <ProDescriptions.Item label={text('photo')}>
          <CandidatePhoto
            candidate={candidate}
            name={nameOf(candidate)}
            onRejected={(photo) => detail.mutate({ ...candidate, photo })}
          />
        </ProDescriptions.Item>
        {candidate.anonymizedAt ? (
          <ProDescriptions.Item label={text('anonymizedAt')}>{format.at(candidate.anonymizedAt)}</ProDescriptions.Item>
        ) : null}
      </ProDescriptions>
      <h3 id={REGISTRATIONS_ID}>{text('registrations')}</h3>
      <RegionTable<Registration>
        labelledBy={REGISTRATIONS_ID}
        rowKey="id"
        columns={registrationColumns}
        dataSource={candidate.registrations}
        locale={{ emptyText: text('registrations.empty') }}
      />
      <h3 id={ORDERS_ID}>{text('orders')}</h3>
      <RegionTable<OpsOrderRow>
        labelledBy={ORDERS_ID}
        rowKey="id"
        columns={orderColumns}
        dataSource={candidate.orders}
        locale={{ emptyText: text('orders.empty') }}
      />
      <EraseCandidateModal
        candidate={candidate}
        open={erasing}
        onClose={() => setErasing(false)}
        onErased={(result) => {
          setErasing(false);
          if (result.outcome === 'anonymized') detail.refresh();
          onErased(result);
        }}
      />
      {dialogs}
    </section>
  );
}
