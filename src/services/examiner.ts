import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/examiner';
import { type CallOptions, callApi } from './client';

export function examinerProfile(options?: CallOptions) {
  return callApi(paths.examinerProfile, { ...options });
}

export function saveExaminerProfile(body: BodyOf<'saveExaminerProfile'>, options?: CallOptions) {
  return callApi(paths.saveExaminerProfile, { data: body, ...options });
}

export function examinerExams(options?: CallOptions) {
  return callApi(paths.examinerExams, { ...options });
}

export function examinerCandidate(examId: string, registrationId: string, options?: CallOptions) {
  return callApi(paths.examinerCandidate, { path: { id: examId, registrationId }, ...options });
}

export function lookupCandidates(examId: string, query: QueryOf<'lookupCandidates'>, options?: CallOptions) {
  return callApi(paths.lookupCandidates, { path: { id: examId }, params: query, ...options });
}

/** Checks a candidate in by the scanned token or a looked-up registration; a repeat answers when it happened. */
export function checkin(examId: string, body: BodyOf<'checkin'>, options?: CallOptions) {
  return callApi(paths.checkin, { path: { id: examId }, data: body, ...options });
}

/** The key ticket tokens are verified with at the door (public: it only verifies). */
export function ticketPublicKey(options?: CallOptions) {
  return callApi(paths.ticketPublicKey, { ...options });
}
