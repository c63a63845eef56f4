import { history, Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Flex, List } from 'antd';
import LoadState from '@/components/LoadState';
import { withPageTexts } from '@/components/PageTexts';
import PrintStyle from '@/components/PrintStyle';
import ToneTag from '@/components/ToneTag';
import { useReloadOnline } from '@/hooks/useReloadOnline';
import { useIntl } from '@/intl';
import enResult from '@/locales/en-US/result';
import zhResult from '@/locales/zh-CN/result';
import { results } from '@/services/booking';
import { handledHere } from '@/utils/failure';
import type { ResultView } from '../../../contract/booking';
import { formatInZone, pickText, zoneLabel } from '../../../contract/format';
import CertificateView from './components/CertificateView';

const certificateUrl = (registrationId: string) =>
  `/home/result?${new URLSearchParams({ certificate: registrationId })}`;

function Outcome({ result }: { result: ResultView }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.result.${id}` }, values);
  if (!result.outcome) return <ToneTag tone="grey">{text('notPublished')}</ToneTag>;
  return (
    <Flex vertical gap={8} align="flex-end">
      <ToneTag tone={result.outcome === 'pass' ? 'green' : 'red'}>{text(result.outcome)}</ToneTag>
      {result.certificateNumber ? <span>{text('certificate', { number: result.certificateNumber })}</span> : null}
      {result.outcome === 'pass' && result.certificateNumber ? (
        <Button onClick={() => history.push(certificateUrl(result.registrationId))}>{text('printCertificate')}</Button>
      ) : null}
    </Flex>
  );
}

/**
 * My results: pass or fail with the certificate number once published, and a printable certificate for a pass;
 * `?registrationId=` shows that one, `?certificate=` its certificate.
 */
function ResultPage() {
  const intl = useIntl();
  const { locale } = intl;
  const search = new URLSearchParams(useLocation().search);
  const only = search.get('registrationId');
  const certificate = search.get('certificate');
  // A failed load is said as such with a retry, never as "no result" (handledHere: the page shows it, no toast).
  const { data, loading, error, refresh } = useRequest(() => results(handledHere));
  useReloadOnline(Boolean(error), refresh);
  const failedTitle = intl.formatMessage({ id: 'pages.result.failed' });
  if (certificate) {
    return (
      <>
        <PrintStyle />
        <LoadState
          loading={loading}
          error={error}
          empty={false}
          emptyText={null}
          onRetry={refresh}
          failedTitle={failedTitle}
        >
          {data ? <CertificateView results={data} registrationId={certificate} /> : null}
        </LoadState>
      </>
    );
  }
  const shown = only ? (data ?? []).filter((result) => result.registrationId === only) : (data ?? []);
  const empty = intl.formatMessage({ id: only ? 'pages.result.notFound' : 'pages.result.empty' });
  return (
    <Card
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.result.title' })}</h1>}
      extra={only ? <Link to="/home/result">{intl.formatMessage({ id: 'pages.result.showAll' })}</Link> : null}
    >
      <LoadState
        loading={loading}
        error={error}
        empty={shown.length === 0}
        emptyText={empty}
        onRetry={refresh}
        failedTitle={failedTitle}
      >
        <List
          dataSource={shown}
          renderItem={(result) => {
            const { exam } = result;
            const date = `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
            return (
              <List.Item extra={<Outcome result={result} />}>
                <List.Item.Meta
                  title={pickText(exam.name, locale)}
                  description={intl.formatMessage({ id: 'pages.result.date' }, { date })}
                />
              </List.Item>
            );
          }}
        />
      </LoadState>
    </Card>
  );
}

export default withPageTexts(ResultPage, { 'en-US': enResult, 'zh-CN': zhResult });
