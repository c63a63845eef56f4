import { history } from '@umijs/max';
import { Button, Result } from 'antd';
import { useIntl } from '@/intl';

export function BackHome() {
  const intl = useIntl();
  return (
    <Button type="primary" onClick={() => history.push('/home')}>
      {intl.formatMessage({ id: 'component.backHome' })}
    </Button>
  );
}

/** Shown for a route whose access rule (src/access.ts) refuses the current user. */
export function Forbidden() {
  const intl = useIntl();
  return (
    <Result
      status="403"
      title={intl.formatMessage({ id: 'component.forbidden.title' })}
      subTitle={intl.formatMessage({ id: 'component.forbidden.subTitle' })}
      extra={<BackHome />}
    />
  );
}

export function NotFound() {
  const intl = useIntl();
  return (
    <Result
      status="404"
      title={intl.formatMessage({ id: 'component.notFound.title' })}
      subTitle={intl.formatMessage({ id: 'component.notFound.subTitle' })}
      extra={<BackHome />}
    />
  );
}
