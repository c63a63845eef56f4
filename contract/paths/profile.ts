/** The candidate's profile (src/services/profile.ts). */
export const profile = { method: 'GET', path: '/api/front/profile' } as const;
export const saveProfile = { method: 'PUT', path: '/api/front/profile' } as const;
export const uploadAvatar = { method: 'POST', path: '/api/front/profile/avatar' } as const;
export const organizations = { method: 'GET', path: '/api/front/organizations' } as const;
/** An avatar's images (public: the profile answers their URLs), files rather than envelopes. */
export const avatar = { method: 'GET', path: '/api/front/avatars/:id' } as const;
export const avatarSmall = { method: 'GET', path: '/api/front/avatars/:id/small' } as const;
