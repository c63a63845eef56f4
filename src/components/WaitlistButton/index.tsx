import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import ToneTag from '@/components/ToneTag';
import { useIntl } from '@/intl';
import enWaitlist from '@/locales/en-US/waitlist';
import zhWaitlist from '@/locales/zh-CN/waitlist';
import { joinWaitlist, leaveWaitlist, myWaitlist } from '@/services/waitlist';
import { feedback } from '@/utils/feedback';
import type { WaitlistEntry } from '../../../contract/waitlist';

/** Every button on a page shares one read of my waiting list. */
export const MY_WAITLIST_CACHE = 'waitlist.mine';

/** Booking an offered seat: the usual single registration, told the seat is held (no waiting-room admission). */
export const offerBookingUrl = (examId: string) =>
  `/home/singleRegistration?${new URLSearchParams({ examId, offer: '1' })}`;

export const isLive = (place: Pick<WaitlistEntry, 'status'>) =>
  place.status === 'waiting' || place.status === 'offered';

/**
 * A sold-out exam's waiting-list action: Join the waiting list; once on it, the place in line and Leave (confirmed
 * first); with an offer, Pay now, which books the held seat through the single registration.
 */
function WaitlistButton({ examId, size = 'small' }: { examId: string; size?: 'small' | 'middle' | 'large' }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.waitlist.${id}` }, values);
  const { data, mutate } = useRequest(() => myWaitlist({ skipErrorHandler: true }), {
    cacheKey: MY_WAITLIST_CACHE,
    staleTime: 5_000,
  });
  const [busy, setBusy] = useState(false);
  const place = data?.list.find((p) => p.exam.id === examId && isLive(p));

  const replace = (changed: WaitlistEntry) =>
    mutate((held) => ({ list: [changed, ...(held?.list ?? []).filter((p) => p.id !== changed.id)] }));
  const act = async (call: () => Promise<WaitlistEntry>, done: (changed: WaitlistEntry) => string) => {
    setBusy(true);
    try {
      const changed = await call();
      replace(changed);
      feedback.message.success(done(changed));
    } catch {
      // The app has shown the refusal (sold out no more, list closed); the place shown is still what it was.
    } finally {
      setBusy(false);
    }
  };
  const join = () =>
    act(
      () => joinWaitlist(examId),
      (p) => text('joined', { position: p.position ?? 1 }),
    );
  const leave = () =>
    act(
      () => leaveWaitlist(examId),
      () => text('left'),
    );

  if (!place) {
    return (
      <Button size={size} loading={busy} onClick={join}>
        {text('join')}
      </Button>
    );
  }
  const name = intl.locale.startsWith('zh') ? place.exam.name.zh : place.exam.name.en;
  const offered = place.status === 'offered';
  return (
    <Space wrap size="small">
      {offered ? (
        <>
          <ToneTag tone="green">{text('offered')}</ToneTag>
          <Button type="primary" size={size} onClick={() => history.push(offerBookingUrl(examId))}>
            {text('payNow')}
          </Button>
        </>
      ) : (
        <ToneTag tone="blue">{text('position', { position: place.position ?? 1 })}</ToneTag>
      )}
      <Popconfirm
        title={text(offered ? 'declineConfirm' : 'leaveConfirm', { exam: name })}
        okText={text('confirmYes')}
        cancelText={text('confirmNo')}
        onConfirm={leave}
      >
        <Button size={size} danger loading={busy}>
          {text(offered ? 'decline' : 'leave')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

export default withPageTexts(WaitlistButton, { 'en-US': enWaitlist, 'zh-CN': zhWaitlist });
