import * as paths from '../../contract/paths/queue';
import { type CallOptions, callApi } from './client';

/** Takes a place in the exam's waiting room; joining again answers the same place. */
export function joinQueue(examId: string, options?: CallOptions) {
  return callApi(paths.queueJoin, { path: { id: examId }, ...options });
}

/** The place in line (or the admission) now; ask again no sooner than its `nextCheckSeconds`. */
export function queueStatus(examId: string, options?: CallOptions) {
  return callApi(paths.queueStatus, { path: { id: examId }, ...options });
}

/** A center switches its own exam's waiting room on or off. */
export function setCenterWaitingRoom(examId: string, enabled: boolean, options?: CallOptions) {
  return callApi(paths.centerWaitingRoom, { path: { id: examId }, data: { enabled }, ...options });
}
