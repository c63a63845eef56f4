/** Liveness and readiness (load balancers and operators, not the front end). */
export const health = { method: 'GET', path: '/api/health' } as const;
export const ready = { method: 'GET', path: '/api/ready' } as const;
