import { useModel } from '@umijs/max';
import { Flex } from 'antd';
import { withPageTexts } from '@/components/PageTexts';
import enHome from '@/locales/en-US/home';
import zhHome from '@/locales/zh-CN/home';
import Hero from './components/Hero';
import HowItWorks from './components/HowItWorks';
import UpcomingExams from './components/UpcomingExams';

function HomePage() {
  const { initialState } = useModel('@@initialState');
  return (
    <Flex vertical gap={16} style={{ paddingBlock: 16 }}>
      <Hero loggedIn={Boolean(initialState?.currentUser)} />
      <HowItWorks />
      <UpcomingExams />
    </Flex>
  );
}

export default withPageTexts(HomePage, { 'en-US': enHome, 'zh-CN': zhHome });
