/** The candidate's profile (src/services/profile.ts). */
export const profile = { method: 'GET', path: '/api/front/profile' } as const;
export const saveProfile = { method: 'PUT', path: '/api/front/profile' } as const;
export const uploadAvatar = { method: 'POST', path: '/api/front/profile/avatar' } as const;
export const organizations = { method: 'GET', path: '/api/front/organizations' } as const;
