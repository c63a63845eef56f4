/** Regions, categories and the open exams (src/services/catalog.ts). */
export const provinces = { method: 'GET', path: '/api/province' } as const;
export const cities = { method: 'GET', path: '/api/city' } as const;
export const categories = { method: 'GET', path: '/api/front/categories' } as const;
export const exams = { method: 'GET', path: '/api/front/exams' } as const;
export const exam = { method: 'GET', path: '/api/front/exams/:id' } as const;
