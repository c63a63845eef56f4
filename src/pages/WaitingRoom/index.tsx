import { history, useLocation, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Result, Spin } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import enCheckout from '@/locales/en-US/checkout';
import zhCheckout from '@/locales/zh-CN/checkout';
import { exam as fetchExam } from '@/services/catalog';
import { isQueueReason } from '@/utils/admission';
import { handledHere } from '@/utils/failure';
import { DEFAULT_TIME_ZONE, formatInZone, pickText, zoneLabel } from '../../../contract/format';
import Countdown from './components/Countdown';
import QueuePanel from './components/QueuePanel';
import { useQueue } from './useQueue';

/**
 * /home/exams/:id/queue: an exam's waiting room. A countdown on the server's clock before registration opens, then
 * the place in line, then the admission that continues to booking. `?reason=` says why booking sent the candidate
 * here (no admission yet, or an expired one).
 */
function WaitingRoomPage() {
  const intl = useIntl();
  const { locale } = intl;
  const failure = useFailure();
  const examId = useParams().id ?? '';
  const reason = new URLSearchParams(useLocation().search).get('reason');
  const { data: exam } = useRequest(() => fetchExam(examId, handledHere), { refreshDeps: [examId] });
  const { status, clockOffsetMs, trouble, failure: refused } = useQueue(examId);
  const text = (id: string) => intl.formatMessage({ id: `pages.queue.${id}` });
  const timeZone = exam?.timeZone ?? DEFAULT_TIME_ZONE;
  const when = (iso: string) => `${formatInZone(iso, timeZone)} ${zoneLabel(iso, timeZone, locale)}`;
  const back = <Button onClick={() => history.push('/home/examlist')}>{text('back')}</Button>;

  return (
    <Card
      title={<h1 style={{ fontSize: 20, margin: 0, whiteSpace: 'normal' }}>{text('title')}</h1>}
      style={{ maxWidth: 720, marginInline: 'auto' }}
    >
      {exam ? (
        <p style={{ fontWeight: 600 }}>
          {pickText(exam.name, locale)} · {when(exam.startsAt)}
        </p>
      ) : null}
      {isQueueReason(reason) && !refused && status?.state !== 'admitted' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={intl.formatMessage({ id: `errors.${reason}` })}
        />
      ) : null}
      {trouble ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text('trouble')} /> : null}
      {refused ? (
        <Result status="error" title={text('failed.title')} subTitle={failure.text(refused)} extra={back} />
      ) : (
        <>
          {status?.state === 'not_open' && status.opensAt ? (
            <Countdown opensAt={status.opensAt} clockOffsetMs={clockOffsetMs} />
          ) : null}
          <div role="status">
            {status ? <QueuePanel status={status} when={when} /> : <Spin tip={text('joining')}>&nbsp;</Spin>}
          </div>
          {status?.state === 'waiting' || status?.state === 'not_open' ? (
            <p style={{ marginTop: 16, marginBottom: 0 }}>{text('keepPlace')}</p>
          ) : null}
        </>
      )}
    </Card>
  );
}

export default withPageTexts(WaitingRoomPage, { 'en-US': enCheckout, 'zh-CN': zhCheckout });
