/** An exam's waiting room (src/services/queue.ts): join and status share the path. */
export const queueJoin = { method: 'POST', path: '/api/front/exams/:id/queue' } as const;
export const queueStatus = { method: 'GET', path: '/api/front/exams/:id/queue' } as const;
export const centerWaitingRoom = { method: 'PUT', path: '/api/center/exams/:id/waiting-room' } as const;
