import { useIntl, useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import enProfile from '@/locales/en-US/profile';
import zhProfile from '@/locales/zh-CN/profile';
import { organizations, profile } from '@/services/profile';
import AccountCard from './components/AccountCard';
import ProfileForm from './components/ProfileForm';

/** The candidate's profile form; the load fails in place with a retry, since the form is useless without it. */
function CandidateProfile() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const loaded = useRequest(async () => {
    const [saved, orgs] = await Promise.all([
      profile({ skipErrorHandler: true }),
      organizations({ skipErrorHandler: true }),
    ]);
    return { saved, orgs };
  });
  let body: React.ReactNode;
  if (loaded.loading && !loaded.data) body = <Skeleton active />;
  else if (!loaded.data)
    body = (
      <Empty description={text('pages.profile.loadFailed')}>
        <Button onClick={loaded.refresh}>{text('pages.profile.retry')}</Button>
      </Empty>
    );
  else
    body = (
      <>
        {loaded.data.saved.complete ? null : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={text('pages.profile.intro')} />
        )}
        <ProfileForm
          saved={loaded.data.saved}
          organizations={loaded.data.orgs}
          onSaved={(saved) => loaded.mutate((current) => current && { ...current, saved })}
        />
      </>
    );
  return (
    <Card
      title={<h1 style={{ margin: 0, fontSize: 20 }}>{text('pages.profile.title')}</h1>}
      style={{ maxWidth: 880, margin: '16px auto' }}
    >
      {body}
    </Card>
  );
}

function ProfilePage() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  if (!user) return null;
  return user.kind === 'individual' ? <CandidateProfile /> : <AccountCard user={user} />;
}

export default withPageTexts(ProfilePage, { 'en-US': enProfile, 'zh-CN': zhProfile });
