import type { CurrentUser } from '../contract/auth';

/** Route and button permissions by user kind (spec section 6): only students register for exams. */
export default function access(initialState: { currentUser?: CurrentUser } | undefined) {
  const kind = initialState?.currentUser?.kind;
  return { canStudent: kind === 'individual', canTestCenter: kind === 'testCenter', canExaminer: kind === 'examiner' };
}
