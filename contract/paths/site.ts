/** The footer facts (src/services/site.ts, in the first script). */
export const site = { method: 'GET', path: '/api/front/site' } as const;
