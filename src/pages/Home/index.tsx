import { useModel } from '@umijs/max';
import { Flex } from 'antd';
import Hero from './components/Hero';
import HowItWorks from './components/HowItWorks';
import UpcomingExams from './components/UpcomingExams';

export default function HomePage() {
  const { initialState } = useModel('@@initialState');
  return (
    <Flex vertical gap={16} style={{ paddingBlock: 16 }}>
      <Hero loggedIn={Boolean(initialState?.currentUser)} />
      <HowItWorks />
      <UpcomingExams />
    </Flex>
  );
}
