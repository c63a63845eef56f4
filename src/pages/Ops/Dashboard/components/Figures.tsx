import { Link } from '@umijs/max';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';
import type { Dashboard } from '../../../../../contract/ops';
import { opsFormat } from '../../components/money';

interface FiguresProps {
  figures: Dashboard;
  /** Whether the operator may open the sections the figures point at. */
  links: { centers: boolean; refunds: boolean };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The range's totals and what waits now: each figure a card, read out as its title and value. */
export default function Figures({ figures, links }: FiguresProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.dashboard.figure.${id}` }, values);
  const format = opsFormat(intl.locale);
  const { days, checkin, failedRefunds } = figures;
  const revenue = days.every((day) => day.revenueFen !== null) ? sum(days.map((day) => day.revenueFen ?? 0)) : null;
  const refunded = days.every((day) => day.refundedFen !== null) ? sum(days.map((day) => day.refundedFen ?? 0)) : null;
  const rate = checkin.admitted > 0 ? `${((checkin.checkedIn / checkin.admitted) * 100).toFixed(1)}%` : '–';

  const cards: { key: string; title: string; value: string | number; note?: ReactNode }[] = [
    { key: 'registrations', title: text('registrations'), value: sum(days.map((day) => day.registrations)) },
    ...(revenue === null || refunded === null
      ? []
      : [
          { key: 'revenue', title: text('revenue'), value: format.money(revenue) },
          { key: 'refunded', title: text('refunded'), value: format.money(refunded) },
        ]),
    {
      key: 'checkin',
      title: text('checkin'),
      value: rate,
      note: text('checkin.of', { checkedIn: String(checkin.checkedIn), admitted: String(checkin.admitted) }),
    },
    {
      key: 'pendingCenters',
      title: text('pendingCenters'),
      value: figures.pendingCenters,
      note: links.centers ? <Link to="/ops/centers">{text('pendingCenters.open')}</Link> : null,
    },
    {
      key: 'failedRefunds',
      title: text('failedRefunds'),
      value: failedRefunds.count,
      note: (
        <>
          {failedRefunds.amountFen === null ? null : <div>{format.money(failedRefunds.amountFen)}</div>}
          {links.refunds ? <Link to="/ops/orders">{text('failedRefunds.open')}</Link> : null}
        </>
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={8}>
          <Card size="small">
            <Statistic title={<h2 style={{ fontSize: 14, margin: 0 }}>{card.title}</h2>} value={card.value} />
            {card.note}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
