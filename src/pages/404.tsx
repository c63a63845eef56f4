import { NotFound } from '@/components/StatusPages';

export default NotFound;
