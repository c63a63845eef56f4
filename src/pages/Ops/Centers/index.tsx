import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button, Popconfirm, Space } from 'antd';
import { useRef, useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { pagedTableProps, tablePage } from '@/components/pagedTable';
import { useIntl } from '@/intl';
import { approveCenter, centers, opsFile, suspendCenter } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { maskPhone } from '@/utils/format';
import { formatInZone } from '../../../../contract/format';
import { CENTER_VERIFICATION_STATUSES, type CenterVerificationStatus, type OpsCenter } from '../../../../contract/ops';
import OpsShell, { OPS_TITLE_ID } from '../components/OpsShell';
import { TaxIdCheckTag, VerificationTag } from '../components/VerificationTag';
import { OPS_TEXTS } from '../texts';
import RejectCenterModal from './components/RejectCenterModal';

const PAGE_SIZE = 10;
const ZONE = 'Asia/Shanghai';

interface CenterFilters {
  status?: CenterVerificationStatus;
  q?: string;
}

/** Opens the license in a new tab: fetched with the operator's token, which a plain link could not send. */
async function openLicense(url: string) {
  const blob = await opsFile(url);
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

/**
 * The centers verification queue: pending centers first in line (oldest first), with the license, the tax ID and
 * its check result, and the contact; approve, reject with a reason, or suspend an approved center.
 */
function CentersPage() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.centers.${id}` }, values);
  const table = useRef<ActionType>();
  const [rejecting, setRejecting] = useState<OpsCenter | null>(null);

  const act = async (done: string, center: OpsCenter, call: (id: string) => Promise<OpsCenter>) => {
    try {
      await call(center.id);
    } catch {
      // The request error handler has already said why.
      return;
    }
    feedback.message.success(text(done, { name: center.businessName }));
    table.current?.reload();
  };

  const columns: ProColumns<OpsCenter>[] = [
    { title: text('search'), dataIndex: 'q', hideInTable: true, fieldProps: { maxLength: 100 } },
    {
      title: text('column.status'),
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: Object.fromEntries(
        CENTER_VERIFICATION_STATUSES.map((status) => [
          status,
          { text: intl.formatMessage({ id: `pages.ops.verification.${status}` }) },
        ]),
      ),
      render: (_, center) => (
        <>
          <VerificationTag status={center.verification.status} />
          {center.verification.reason ? <div>{center.verification.reason}</div> : null}
        </>
      ),
    },
    { title: text('column.center'), dataIndex: 'businessName', search: false },
    {
      title: text('column.taxId'),
      dataIndex: 'taxId',
      search: false,
      render: (_, center) => (
        <Space direction="vertical" size={2}>
          <span style={{ fontFamily: 'monospace' }}>{center.taxId}</span>
          <TaxIdCheckTag check={center.taxIdCheck} />
        </Space>
      ),
    },
    {
      title: text('column.license'),
      dataIndex: 'licenseUrl',
      search: false,
      render: (_, center) =>
        center.licenseUrl ? (
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => openLicense(center.licenseUrl ?? '').catch(() => undefined)}
            aria-label={text('license.label', { name: center.businessName })}
          >
            {text('license')}
          </Button>
        ) : (
          text('license.none')
        ),
    },
    {
      title: text('column.contact'),
      dataIndex: 'contactName',
      search: false,
      render: (_, center) => (
        <>
          <div>{center.contactName}</div>
          <div>{center.contactPhone ? maskPhone(center.contactPhone) : null}</div>
          <div>{center.address}</div>
        </>
      ),
    },
    {
      title: text('column.submittedAt'),
      dataIndex: 'submittedAt',
      search: false,
      render: (_, center) => formatInZone(center.submittedAt, ZONE),
    },
    {
      title: text('column.actions'),
      valueType: 'option',
      render: (_, center) => {
        const { status } = center.verification;
        const name = center.businessName;
        return (
          <Space wrap size="small">
            {status === 'approved' ? null : (
              <Popconfirm
                title={text('approve.confirm', { name })}
                okText={text('approve')}
                cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
                onConfirm={() => act('approve.done', center, approveCenter)}
              >
                <Button size="small" type="primary" aria-label={text('approve.label', { name })}>
                  {text('approve')}
                </Button>
              </Popconfirm>
            )}
            {status === 'pending' ? (
              <Button
                size="small"
                danger
                onClick={() => setRejecting(center)}
                aria-label={text('reject.label', { name })}
              >
                {text('reject')}
              </Button>
            ) : null}
            {status === 'approved' ? (
              <Popconfirm
                title={text('suspend.confirm', { name })}
                okText={text('suspend')}
                okButtonProps={{ danger: true }}
                cancelText={intl.formatMessage({ id: 'pages.ops.cancel' })}
                onConfirm={() => act('suspend.done', center, suspendCenter)}
              >
                <Button size="small" danger aria-label={text('suspend.label', { name })}>
                  {text('suspend')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <OpsShell title={text('title')}>
      <ProTable<OpsCenter, CenterFilters>
        actionRef={table}
        rowKey="id"
        columns={columns}
        request={async ({ current = 1, pageSize = PAGE_SIZE, status, q }) => {
          const page = await centers({ current, pageSize, status, q: q || undefined });
          return tablePage(page);
        }}
        {...pagedTableProps(
          PAGE_SIZE,
          { labelledBy: OPS_TITLE_ID },
          { searchText: text('filter'), resetText: text('reset') },
        )}
        locale={{ emptyText: text('empty') }}
      />
      <RejectCenterModal
        center={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          setRejecting(null);
          table.current?.reload();
        }}
      />
    </OpsShell>
  );
}

export default withPageTexts(CentersPage, OPS_TEXTS);
