import { registrations } from '@/services/booking';
import type { RegistrationView } from '../../../contract/booking';

const PAGE_SIZE = 100;

/** One of my registrations by id: the API lists them (newest first) rather than serving one by one. */
export async function findRegistration(id: string): Promise<RegistrationView | undefined> {
  for (let current = 1; ; current += 1) {
    const page = await registrations({ current, pageSize: PAGE_SIZE });
    const hit = page.list.find((registration) => registration.id === id);
    if (hit || current * PAGE_SIZE >= page.total) return hit;
  }
}
