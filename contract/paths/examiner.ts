/** The examiner's door (src/services/examiner.ts). */
export const examinerProfile = { method: 'GET', path: '/api/examiner/profile' } as const;
export const saveExaminerProfile = { method: 'PUT', path: '/api/examiner/profile' } as const;
export const examinerExams = { method: 'GET', path: '/api/examiner/exams' } as const;
export const examinerCandidate = {
  method: 'GET',
  path: '/api/examiner/exams/:id/registrations/:registrationId',
} as const;
export const lookupCandidates = { method: 'GET', path: '/api/examiner/exams/:id/candidates' } as const;
export const checkin = { method: 'POST', path: '/api/examiner/exams/:id/checkin' } as const;
export const ticketPublicKey = { method: 'GET', path: '/api/front/tickets/public-key' } as const;
