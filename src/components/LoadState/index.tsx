import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Progress, Result, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useIntl } from '@/intl';
import { REQUEST_TIMEOUT_MS } from '@/requestErrorConfig';
import { failureText } from '@/utils/failure';

/** After this long a load shows how long it has waited, out of how long it may. */
const QUIET_MS = 2_000;

/**
 * A load under way: a spinner, and once it has taken a moment the seconds waited out of the request's time limit, so
 * a weak signal reads as progress towards an answer (a retry at worst), not as a spinner that may never end.
 */
export function Loading() {
  const intl = useIntl();
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setWaited(Date.now() - started), 1_000);
    return () => clearInterval(timer);
  }, []);
  const limit = Math.round(REQUEST_TIMEOUT_MS / 1000);
  const seconds = Math.min(limit, Math.round(waited / 1000));
  return (
    <Flex vertical align="center" gap={8} style={{ padding: 24 }} role="status" aria-live="polite">
      <Spin aria-hidden />
      {waited < QUIET_MS ? (
        <span>{intl.formatMessage({ id: 'request.loading' })}</span>
      ) : (
        <>
          <span>{intl.formatMessage({ id: 'request.waiting' }, { seconds, limit })}</span>
          <Progress percent={Math.round((seconds / limit) * 100)} showInfo={false} style={{ maxWidth: 240 }} />
        </>
      )}
    </Flex>
  );
}

interface LoadFailedProps {
  /** What the failed call threw: its words say whether the network, the server or time failed. */
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded, when the page says more than the common title. */
  title?: ReactNode;
}

/** A load that failed, said as such (never as an empty answer), with what went wrong and a Retry that loads again. */
export function LoadFailed({ error, onRetry, title }: LoadFailedProps) {
  const intl = useIntl();
  return (
    <div role="alert">
      <Result
        status="warning"
        title={title ?? intl.formatMessage({ id: 'request.failed.title' })}
        subTitle={failureText(error, undefined, intl)}
        extra={
          <Button type="primary" icon={<ReloadOutlined aria-hidden="true" />} onClick={onRetry}>
            {intl.formatMessage({ id: 'request.retry' })}
          </Button>
        }
      />
    </div>
  );
}

interface LoadStateProps {
  loading: boolean;
  error: unknown;
  /** Nothing to show: the answer came and it is empty. */
  empty: boolean;
  emptyText: ReactNode;
  onRetry: () => void;
  failedTitle?: ReactNode;
  children: ReactNode;
}

/**
 * The three states of a load, each unmistakable: loading (with its progress), failed (with Retry: what was shown
 * before is not left standing under a load that failed), empty (a real answer with nothing in it); else the content.
 */
export default function LoadState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  failedTitle,
  children,
}: LoadStateProps) {
  if (error && !loading) return <LoadFailed error={error} onRetry={onRetry} title={failedTitle} />;
  if (loading) return <Loading />;
  if (empty) return <Empty description={emptyText} />;
  return <>{children}</>;
}
