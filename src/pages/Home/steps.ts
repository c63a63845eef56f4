/**
 * The five steps from booking to certificate that the home page lists (HowItWorks), in order; their texts are
 * `pages.home.steps.<id>` and `pages.home.steps.<id>.description`. The home page's shell (config/shell.ts) lists them too.
 */
export const HOME_STEPS = ['register', 'pay', 'ticket', 'checkin', 'result'] as const;
