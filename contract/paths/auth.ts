/** Logging in (src/services/auth.ts, in the first script). */
export const sendOtp = { method: 'POST', path: '/api/front/otp' } as const;
export const login = { method: 'POST', path: '/api/front/login' } as const;
export const currentUser = { method: 'GET', path: '/api/front/currentUser' } as const;
export const logout = { method: 'POST', path: '/api/front/logout' } as const;
