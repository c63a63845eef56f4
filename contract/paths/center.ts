/** The test center's console (src/services/center.ts). */
export const centerProfile = { method: 'GET', path: '/api/center/profile' } as const;
export const saveCenterProfile = { method: 'PUT', path: '/api/center/profile' } as const;
export const uploadLicense = { method: 'POST', path: '/api/center/profile/license' } as const;
export const uploadLogo = { method: 'POST', path: '/api/center/profile/logo' } as const;
/** The business license (its owner only) and a logo (public), files rather than envelopes. */
export const centerDocument = { method: 'GET', path: '/api/center/documents/:id' } as const;
export const centerLogo = { method: 'GET', path: '/api/center/logos/:id' } as const;
export const centerExams = { method: 'GET', path: '/api/center/exams' } as const;
export const createExam = { method: 'POST', path: '/api/center/exams' } as const;
export const centerExam = { method: 'GET', path: '/api/center/exams/:id' } as const;
export const updateExam = { method: 'PUT', path: '/api/center/exams/:id' } as const;
export const cancelExam = { method: 'POST', path: '/api/center/exams/:id/cancel' } as const;
export const roster = { method: 'GET', path: '/api/center/exams/:id/roster' } as const;
/** The roster as an .xlsx file (bearer token), not an envelope. */
export const rosterExport = { method: 'GET', path: '/api/center/exams/:id/roster.xlsx' } as const;
export const rooms = { method: 'GET', path: '/api/center/rooms' } as const;
export const createRoom = { method: 'POST', path: '/api/center/rooms' } as const;
export const updateRoom = { method: 'PUT', path: '/api/center/rooms/:id' } as const;
export const deleteRoom = { method: 'DELETE', path: '/api/center/rooms/:id' } as const;
export const examSeating = { method: 'GET', path: '/api/center/exams/:id/seating' } as const;
export const saveExamSeating = { method: 'PUT', path: '/api/center/exams/:id/seating' } as const;
export const allocateSeats = { method: 'POST', path: '/api/center/exams/:id/seating/allocate' } as const;
/** Each room's door list and seat chart as a PDF (bearer token), not an envelope. */
export const doorListPdf = { method: 'GET', path: '/api/center/exams/:id/door-list.pdf' } as const;
export const seatChart = { method: 'GET', path: '/api/center/exams/:id/seat-chart' } as const;
export const moveSeat = { method: 'PUT', path: '/api/center/exams/:id/seats/:registrationId' } as const;
/** A candidate of the exam whose current photo is unfit for a ticket: the center rejects it with a reason. */
export const rejectRosterPhoto = {
  method: 'POST',
  path: '/api/center/exams/:id/registrations/:registrationId/photo/reject',
} as const;
export const examExaminers = { method: 'GET', path: '/api/center/exams/:id/examiners' } as const;
export const assignExaminer = { method: 'POST', path: '/api/center/exams/:id/examiners' } as const;
export const setExaminerRoom = { method: 'PUT', path: '/api/center/exams/:id/examiners/:userId' } as const;
export const unassignExaminer = { method: 'DELETE', path: '/api/center/exams/:id/examiners/:userId' } as const;
export const enterResult = { method: 'PUT', path: '/api/center/exams/:id/results/:registrationId' } as const;
export const uploadResults = { method: 'POST', path: '/api/center/exams/:id/results/upload' } as const;
export const publishResults = { method: 'POST', path: '/api/center/exams/:id/results/publish' } as const;
