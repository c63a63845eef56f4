import { history, useIntl } from '@umijs/max';
import { Button, Card, Empty } from 'antd';

/** The empty state of a screen whose content arrives with a later issue: what will be here, and a way onwards. */
export default function PendingPage({ page }: { page: string }) {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: `menu.${page}` })}>
      <Empty description={intl.formatMessage({ id: `pages.pending.${page}` })}>
        <Button type="primary" onClick={() => history.push('/home')}>
          {intl.formatMessage({ id: 'component.browseExams' })}
        </Button>
      </Empty>
    </Card>
  );
}
