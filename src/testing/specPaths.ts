/**
 * The pages of the spec (section 2) that only a signed-in user may open: the route table has each, and the guard sends
 * a visitor without a user from each to login.
 */
export const SIGNED_IN_SPEC_PATHS = [
  '/home/examlist',
  '/home/profile',
  '/home/singleRegistration',
  '/home/gRegistration',
  '/home/ticket',
  '/home/result',
  '/home/transaction',
];
