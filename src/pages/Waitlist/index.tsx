import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import ToneTag, { type Tone } from '@/components/ToneTag';
import WaitlistButton, { isLive, MY_WAITLIST_CACHE } from '@/components/WaitlistButton';
import { useIntl } from '@/intl';
import enWaitlist from '@/locales/en-US/waitlist';
import zhWaitlist from '@/locales/zh-CN/waitlist';
import { myWaitlist } from '@/services/waitlist';
import { formatInZone, pickText, regionName, zoneLabel } from '../../../contract/format';
import type { WaitlistEntry, WaitlistStatus } from '../../../contract/waitlist';

const STATUS_TONE: Record<WaitlistStatus, Tone> = {
  waiting: 'blue',
  offered: 'green',
  accepted: 'green',
  lapsed: 'grey',
  declined: 'grey',
  left: 'grey',
  closed: 'grey',
};

/** One place: the exam, its status, and while live the place in line or the offer with Pay now, and Leave. */
function PlaceCard({ place }: { place: WaitlistEntry }) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.waitlist.${id}` }, values);
  const { exam } = place;
  const when = (iso: string) => `${formatInZone(iso, exam.timeZone)} ${zoneLabel(iso, exam.timeZone, locale)}`;
  const name = pickText(exam.name, locale);
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 16, whiteSpace: 'normal' }}>{name}</h2>}
      extra={<ToneTag tone={STATUS_TONE[place.status]}>{text(`status.${place.status}`)}</ToneTag>}
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {text('examDate')}: {when(exam.startsAt)}
        </Typography.Text>
        <Typography.Text>
          {text('center')}: {pickText(exam.center.name, locale)}, {regionName(exam.city, locale)}
        </Typography.Text>
        {place.status === 'offered' && place.offerExpiresAt ? (
          <Alert type="success" showIcon message={text('offerUntil', { time: when(place.offerExpiresAt) })} />
        ) : null}
        {isLive(place) ? <WaitlistButton examId={exam.id} size="middle" /> : null}
      </Flex>
    </Card>
  );
}

/** My waiting list: every place and offer, live ones first; an offer books through the single registration. */
function WaitlistPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.waitlist.${id}` });
  const { data, loading, error, refresh } = useRequest(() => myWaitlist({ skipErrorHandler: true }), {
    cacheKey: MY_WAITLIST_CACHE,
  });

  let body: React.ReactNode;
  if (error && !data) {
    body = (
      <Result
        status="warning"
        title={text('loadFailed')}
        extra={
          <Button type="primary" onClick={refresh}>
            {text('retry')}
          </Button>
        }
      />
    );
  } else if (loading && !data) {
    body = <Skeleton active />;
  } else if (!data || data.list.length === 0) {
    body = (
      <Empty description={text('empty')}>
        <Link to="/home/examlist">{text('findExams')}</Link>
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.list.map((place) => (
          <li key={place.id}>
            <PlaceCard place={place} />
          </li>
        ))}
      </Flex>
    );
  }
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <h1 style={{ fontSize: 22 }}>{text('title')}</h1>
      <Typography.Paragraph type="secondary">{text('intro')}</Typography.Paragraph>
      {body}
    </div>
  );
}

export default withPageTexts(WaitlistPage, { 'en-US': enWaitlist, 'zh-CN': zhWaitlist });
