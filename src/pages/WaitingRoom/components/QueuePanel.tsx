import { history } from '@umijs/max';
import { Button, Col, Result, Row, Space, Statistic } from 'antd';
import { useEffect, useRef } from 'react';
import WaitlistButton from '@/components/WaitlistButton';
import { useIntl } from '@/intl';
import type { QueueStatus } from '../../../../contract/queue';

interface QueuePanelProps {
  status: QueueStatus;
  /** An instant as the page shows it: in the exam's zone, with the zone's name. */
  when: (iso: string) => string;
}

const backToExams = (text: string) => <Button onClick={() => history.push('/home/examlist')}>{text}</Button>;

/**
 * What the line says now, inside the page's live region: it changes only when an answer does, so a screen reader
 * hears each new place once (the ticking countdown stays outside).
 */
export default function QueuePanel({ status, when }: QueuePanelProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.queue.${id}` }, values);
  const continueRef = useRef<HTMLButtonElement>(null);
  const admitted = status.state === 'admitted';
  // The turn comes while the candidate may be elsewhere on the page: the way on is where the keyboard is.
  useEffect(() => {
    if (admitted) continueRef.current?.focus();
  }, [admitted]);

  switch (status.state) {
    case 'not_open':
      return (
        <>
          {status.opensAt ? <p style={{ fontWeight: 600 }}>{text('opensAt', { time: when(status.opensAt) })}</p> : null}
          <p>{text('fair')}</p>
        </>
      );
    case 'waiting': {
      if (status.position === null) return <p>{text('joining')}</p>;
      const wait = status.estimatedWaitSeconds;
      const waitText =
        wait === null
          ? text('wait.unknown')
          : wait < 60
            ? text('wait.underMinute')
            : text('wait.minutes', { minutes: Math.ceil(wait / 60) });
      return (
        <Row gutter={[16, 16]}>
          <Col xs={12} sm={8}>
            <Statistic title={text('position')} value={status.position} />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title={text('ahead')} value={status.ahead ?? 0} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title={text('wait')} value={waitText} />
          </Col>
        </Row>
      );
    }
    case 'admitted':
      return (
        <Result
          status="success"
          title={<h2 style={{ fontSize: 24, margin: 0 }}>{text('admitted.title')}</h2>}
          subTitle={status.admission ? text('admitted.subTitle', { time: when(status.admission.expiresAt) }) : null}
          extra={
            <Button
              ref={continueRef}
              type="primary"
              size="large"
              onClick={() => history.push(`/home/singleRegistration?${new URLSearchParams({ examId: status.examId })}`)}
            >
              {text('admitted.continue')}
            </Button>
          }
        />
      );
    case 'sold_out':
      return (
        <Result
          status="warning"
          title={<h2 style={{ fontSize: 24, margin: 0 }}>{text('soldOut.title')}</h2>}
          subTitle={text('soldOut.subTitle')}
          extra={
            <Space wrap>
              <WaitlistButton examId={status.examId} size="large" />
              {backToExams(text('back'))}
            </Space>
          }
        />
      );
    case 'closed':
      return (
        <Result
          status="info"
          title={<h2 style={{ fontSize: 24, margin: 0 }}>{text('closed.title')}</h2>}
          subTitle={text('closed.subTitle')}
          extra={backToExams(text('back'))}
        />
      );
  }
}
