import * as paths from '../../contract/paths/waitlist';
import { type CallOptions, callApi } from './client';

/** Joins a sold-out exam's waiting list; joining again answers the same place. */
export function joinWaitlist(examId: string, options?: CallOptions) {
  return callApi(paths.waitlistJoin, { path: { id: examId }, ...options });
}

/** Leaves an exam's waiting list; leaving an offer declines it (the seat passes to the next in line). */
export function leaveWaitlist(examId: string, options?: CallOptions) {
  return callApi(paths.waitlistLeave, { path: { id: examId }, ...options });
}

/** My places and offers, live ones first. */
export function myWaitlist(options?: CallOptions) {
  return callApi(paths.waitlist, { ...options });
}
