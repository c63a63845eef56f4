import { useModel } from '@umijs/max';
import { withPageTexts } from '@/components/PageTexts';
import enCenter from '@/locales/en-US/center';
import enNotifications from '@/locales/en-US/notifications';
import enProfile from '@/locales/en-US/profile';
import zhCenter from '@/locales/zh-CN/center';
import zhNotifications from '@/locales/zh-CN/notifications';
import zhProfile from '@/locales/zh-CN/profile';
import { centerProfile } from '@/services/center';
import { examinerProfile } from '@/services/examiner';
import { organizations, profile } from '@/services/profile';
import { handledHere } from '@/utils/failure';
import CenterProfileForm from './components/CenterProfileForm';
import ExaminerProfileForm from './components/ExaminerProfileForm';
import NotificationSettingsCard from './components/NotificationSettingsCard';
import ProfileCard from './components/ProfileCard';
import ProfileForm from './components/ProfileForm';

async function loadCandidate() {
  const [saved, orgs] = await Promise.all([profile(handledHere), organizations(handledHere)]);
  return { saved, orgs };
}

const loadCenter = () => centerProfile(handledHere);
const loadExaminer = () => examinerProfile(handledHere);

/** Each kind of account has its own profile (spec section 3) at the same address. */
function ProfilePage() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  if (!user) return null;
  if (user.kind === 'testCenter')
    return (
      <ProfileCard
        title="pages.center.profile.title"
        load={loadCenter}
        intro={(saved) => (saved.complete ? null : 'pages.center.profile.intro')}
      >
        {(saved, onSaved) => <CenterProfileForm saved={saved} onSaved={onSaved} />}
      </ProfileCard>
    );
  if (user.kind === 'examiner')
    return (
      <ProfileCard
        title="pages.profile.examiner.title"
        load={loadExaminer}
        intro={(saved) => (saved.complete ? null : 'pages.profile.examiner.intro')}
      >
        {(saved, onSaved) => <ExaminerProfileForm saved={saved} onSaved={onSaved} />}
      </ProfileCard>
    );
  return (
    <>
      <ProfileCard
        title="pages.profile.title"
        load={loadCandidate}
        intro={({ saved }) => (saved.complete ? null : 'pages.profile.intro')}
      >
        {(data, onSaved) => (
          <ProfileForm saved={data.saved} organizations={data.orgs} onSaved={(saved) => onSaved({ ...data, saved })} />
        )}
      </ProfileCard>
      <NotificationSettingsCard />
    </>
  );
}

export default withPageTexts(
  ProfilePage,
  { 'en-US': enProfile, 'zh-CN': zhProfile },
  { 'en-US': enCenter, 'zh-CN': zhCenter },
  { 'en-US': enNotifications, 'zh-CN': zhNotifications },
);
