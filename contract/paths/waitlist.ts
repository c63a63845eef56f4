/** An exam's waiting list (src/services/waitlist.ts): join and leave share the path; my places and offers. */
export const waitlistJoin = { method: 'POST', path: '/api/front/exams/:id/waitlist' } as const;
export const waitlistLeave = { method: 'DELETE', path: '/api/front/exams/:id/waitlist' } as const;
export const waitlist = { method: 'GET', path: '/api/front/waitlist' } as const;
