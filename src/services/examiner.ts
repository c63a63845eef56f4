import type { BodyOf, DataOf, QueryOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

export function examinerProfile(options?: CallOptions) {
  return callApi<DataOf<'examinerProfile'>>('/api/examiner/profile', { method: 'GET', ...options });
}

export function saveExaminerProfile(body: BodyOf<'saveExaminerProfile'>, options?: CallOptions) {
  return callApi<DataOf<'saveExaminerProfile'>>('/api/examiner/profile', { method: 'PUT', data: body, ...options });
}

const examPath = (template: string, examId: string, registrationId = '') =>
  template.replace(':id', encodeURIComponent(examId)).replace(':registrationId', encodeURIComponent(registrationId));

export function examinerExams(options?: CallOptions) {
  return callApi<DataOf<'examinerExams'>>('/api/examiner/exams', { method: 'GET', ...options });
}

export function examinerCandidate(examId: string, registrationId: string, options?: CallOptions) {
  return callApi<DataOf<'examinerCandidate'>>(
    examPath('/api/examiner/exams/:id/registrations/:registrationId', examId, registrationId),
    { method: 'GET', ...options },
  );
}

export function lookupCandidates(examId: string, query: QueryOf<'lookupCandidates'>, options?: CallOptions) {
  return callApi<DataOf<'lookupCandidates'>>(examPath('/api/examiner/exams/:id/candidates', examId), {
    method: 'GET',
    params: query,
    ...options,
  });
}

/** Checks a candidate in by the scanned token or a looked-up registration; a repeat answers when it happened. */
export function checkin(examId: string, body: BodyOf<'checkin'>, options?: CallOptions) {
  return callApi<DataOf<'checkin'>>(examPath('/api/examiner/exams/:id/checkin', examId), {
    method: 'POST',
    data: body,
    ...options,
  });
}

/** The key ticket tokens are verified with at the door (public: it only verifies). */
export function ticketPublicKey(options?: CallOptions) {
  return callApi<DataOf<'ticketPublicKey'>>('/api/front/tickets/public-key', { method: 'GET', ...options });
}
