import { Alert } from 'antd';
import { useIntl } from '@/intl';
import type { ErasureResult } from '../../../../../contract/ops';

/** What an erasure did: the account gone, or anonymized with the records the law makes us keep, counted. */
export default function ErasureOutcome({ result }: { result: ErasureResult }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.support.erased.${id}` }, values);
  const sessions = text('sessions', { count: String(result.sessionsEnded) });
  if (result.outcome === 'erased') {
    return <Alert type="success" showIcon role="status" message={text('erased')} description={sessions} />;
  }
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      message={text('anonymized')}
      description={
        <>
          <p>{text('kept')}</p>
          <ul>
            {result.kept.map(({ record, count }) => (
              <li key={record}>{text(`kept.${record}`, { count: String(count) })}</li>
            ))}
          </ul>
          <p>{sessions}</p>
        </>
      }
    />
  );
}
