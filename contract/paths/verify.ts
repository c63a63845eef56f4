/** Certificate look-up, public (src/pages/Verify/service.ts). */
export const verifyCertificate = { method: 'GET', path: '/api/verify/:number' } as const;
