import { useRequest } from 'ahooks';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';

interface ProfileCardProps<T> {
  /** The text id of the page heading. */
  title: string;
  load: () => Promise<T>;
  /** The text id of a hint above the form (e.g. that the profile is still incomplete), or null for none. */
  intro: (data: T) => string | null;
  children: (data: T, onSaved: (data: T) => void) => ReactNode;
}

/** A profile form in its card, loaded first; the load fails in place with a retry, since the form is useless without it. */
export default function ProfileCard<T>({ title, load, intro, children }: ProfileCardProps<T>) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const loaded = useRequest<T, []>(load);
  let body: ReactNode;
  if (loaded.loading && !loaded.data) body = <Skeleton active />;
  else if (!loaded.data)
    body = (
      <Empty description={text('pages.profile.loadFailed')}>
        <Button onClick={loaded.refresh}>{text('pages.profile.retry')}</Button>
      </Empty>
    );
  else {
    const hint = intro(loaded.data);
    body = (
      <>
        {hint ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={text(hint)} /> : null}
        {children(loaded.data, loaded.mutate)}
      </>
    );
  }
  return (
    <Card
      title={<h1 style={{ margin: 0, fontSize: 20 }}>{text(title)}</h1>}
      style={{ maxWidth: 880, margin: '16px auto' }}
    >
      {body}
    </Card>
  );
}
