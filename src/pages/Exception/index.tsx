import { useSearchParams } from '@umijs/max';
import { Result, theme } from 'antd';
import { BackHome } from '@/components/StatusPages';
import { useIntl } from '@/intl';

/** The showType 9 target: the code and message come from the query and are rendered as text, never as HTML. */
export default function ExceptionPage() {
  const intl = useIntl();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const errorCode = params.get('errorCode') ?? '';
  const errorMessage = params.get('errorMessage') ?? '';
  const id = `errors.${errorCode}`;
  const text = errorCode && intl.messages[id] ? intl.formatMessage({ id }) : errorMessage;
  return (
    <Result
      status="error"
      title={intl.formatMessage({ id: 'pages.exception.title' })}
      subTitle={text}
      extra={<BackHome />}
    >
      {errorCode ? (
        <p style={{ textAlign: 'center', color: token.colorTextSecondary }}>
          {intl.formatMessage({ id: 'pages.exception.code' }, { code: errorCode })}
          {text !== errorMessage && errorMessage ? ` (${errorMessage})` : null}
        </p>
      ) : null}
    </Result>
  );
}
