import { PrinterOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Alert, Button, Flex, Result, Spin, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { RegionTable } from '@/components/ScrollRegion';
import { RegistrationStatusTag } from '@/components/StatusTag';
import TicketCard from '@/components/TicketCard';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { groupTickets } from '@/services/group';
import { handledHere } from '@/utils/failure';
import { formatFen, formatInZone, pickText, zoneLabel } from '../../../../contract/format';

import type { GroupMember, GroupMemberCancelResponse, GroupView } from '../../../../contract/group';
import { nationalPhone } from '../groupFile';
import CancelSeat from './CancelSeat';
import { StepHeading } from './GroupSteps';

interface Props {
  group: GroupView;
  /** The group as the server answers it after a member's seat is canceled. */
  onGroup: (group: GroupView) => void;
}

/**
 * Step "Done": every member with the status of their registration, then every member's ticket. The coordinator,
 * who paid, may cancel a member's seat until the change lock; its share comes back to their payment. Printing keeps
 * only the tickets, one per page (PrintStyle).
 */
export default function DoneStep({ group, onGroup }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.gRegistration.${id}` }, values);
  const members = group.upload?.accepted ?? [];
  const failure = useFailure();
  const tickets = useRequest(() => groupTickets(group.id, handledHere));
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const { exam } = group;
  const locked = Date.now() >= Date.parse(group.lockedFrom);
  const lockHours = Math.round((Date.parse(exam.startsAt) - Date.parse(group.lockedFrom)) / 3_600_000);
  const inZone = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;

  const canceled = (member: GroupMember, answer: GroupMemberCancelResponse) => {
    onGroup(answer.group);
    const amount = formatFen(answer.refundFen, locale);
    setOutcome({ type: 'success', text: text('done.canceled', { name: member.name, amount }) });
    tickets.refresh();
  };

  const columns: TableColumnsType<GroupMember> = [
    { title: text('column.row'), dataIndex: 'row', key: 'row', width: 72 },
    { title: text('column.name'), dataIndex: 'name', key: 'name' },
    { title: text('column.phone'), key: 'phone', render: (_, member) => nationalPhone(member.phone) },
    { title: text('column.idNumber'), dataIndex: 'maskedIdNumber', key: 'idNumber' },
    {
      title: text('column.status'),
      key: 'status',
      render: (_, member) => (member.status ? <RegistrationStatusTag status={member.status} /> : null),
    },
    {
      title: text('column.actions'),
      key: 'actions',
      render: (_, { registrationId, ...member }) =>
        member.canCancel && registrationId ? (
          <CancelSeat
            groupId={group.id}
            member={{ ...member, registrationId }}
            onCanceled={canceled}
            onRefused={(error) => setOutcome({ type: 'error', text: failure.text(error) })}
          />
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="group-step-done">
      <div className="no-print">
        <StepHeading step="done" />
        <Result
          status="success"
          title={text('done.title')}
          subTitle={text('done.subTitle', { n: members.length, exam: pickText(group.exam.name, locale) })}
          style={{ padding: '16px 0' }}
        />
        <h3 id="group-roster" style={{ fontSize: 16 }}>
          {text('done.roster')}
        </h3>
        <div aria-live="polite">
          {outcome ? <Alert type={outcome.type} showIcon message={outcome.text} style={{ marginBottom: 12 }} /> : null}
        </div>
        <RegionTable<GroupMember> labelledBy="group-roster" rowKey="row" columns={columns} dataSource={members} />
        {locked ? (
          <p role="note" style={{ marginTop: 8 }}>
            {text('done.locked', { hours: lockHours, time: inZone(group.lockedFrom) })}
          </p>
        ) : null}
        <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 16px' }}>
          <h3 style={{ fontSize: 16, margin: 0 }}>{text('done.tickets')}</h3>
          <Button
            type="primary"
            icon={<PrinterOutlined aria-hidden />}
            onClick={() => window.print()}
            disabled={!tickets.data?.length}
          >
            {text('done.print')}
          </Button>
        </Flex>
      </div>
      {tickets.loading ? <Spin /> : null}
      {tickets.error ? <Alert type="error" showIcon message={failure.text(tickets.error)} /> : null}
      <Flex vertical gap={16}>
        {(tickets.data ?? []).map((ticket) => (
          <TicketCard
            key={ticket.registrationId}
            ticket={ticket}
            title={
              <h4 style={{ fontSize: 16, margin: 0 }}>{text('done.ticketTitle', { name: ticket.candidate.name })}</h4>
            }
          />
        ))}
      </Flex>
    </section>
  );
}
