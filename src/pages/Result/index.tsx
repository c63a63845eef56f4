import { Link, useIntl, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Card, Empty, List } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import ToneTag from '@/components/ToneTag';
import enResult from '@/locales/en-US/result';
import zhResult from '@/locales/zh-CN/result';
import { results } from '@/services/booking';
import { formatInZone, pickText, zoneLabel } from '@/utils/format';
import type { ResultView } from '../../../contract/booking';

function Outcome({ result }: { result: ResultView }) {
  const intl = useIntl();
  if (!result.outcome) return <ToneTag tone="grey">{intl.formatMessage({ id: 'pages.result.notPublished' })}</ToneTag>;
  return (
    <span>
      <ToneTag tone={result.outcome === 'pass' ? 'green' : 'red'}>
        {intl.formatMessage({ id: `pages.result.${result.outcome}` })}
      </ToneTag>
      {result.certificateNumber
        ? intl.formatMessage({ id: 'pages.result.certificate' }, { number: result.certificateNumber })
        : null}
    </span>
  );
}

/** My results: pass or fail with the certificate number once published; `?registrationId=` shows that one. */
function ResultPage() {
  const intl = useIntl();
  const { locale } = intl;
  const only = new URLSearchParams(useLocation().search).get('registrationId');
  const { data, loading } = useRequest(() => results());
  const shown = only ? (data ?? []).filter((result) => result.registrationId === only) : (data ?? []);
  const empty = intl.formatMessage({ id: only ? 'pages.result.notFound' : 'pages.result.empty' });
  return (
    <Card
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{intl.formatMessage({ id: 'pages.result.title' })}</h1>}
      extra={only ? <Link to="/home/result">{intl.formatMessage({ id: 'pages.result.showAll' })}</Link> : null}
    >
      <List
        loading={loading}
        dataSource={shown}
        locale={{ emptyText: <Empty description={empty} /> }}
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
    </Card>
  );
}

export default withPageTexts(ResultPage, { 'en-US': enResult, 'zh-CN': zhResult });
