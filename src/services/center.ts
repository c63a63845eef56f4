import { request } from '@umijs/max';
import type { BodyOf, QueryOf } from '../../contract/api';
import * as paths from '../../contract/paths/center';
import { type CallOptions, callApi, pathOf } from './client';

/** The roster export's path template (contract/paths/: a file, not an envelope). */
export const ROSTER_EXPORT_PATH = paths.rosterExport.path;

function formOf(file: Blob, fileName: string): FormData {
  const data = new FormData();
  data.append('file', file, fileName);
  return data;
}

export function centerProfile(options?: CallOptions) {
  return callApi(paths.centerProfile, { ...options });
}

export function saveCenterProfile(body: BodyOf<'saveCenterProfile'>, options?: CallOptions) {
  return callApi(paths.saveCenterProfile, { data: body, ...options });
}

/** The business license (image or PDF) as multipart field `file`; the answer's id is what the profile save names. */
export function uploadLicense(file: Blob, fileName: string, options?: CallOptions) {
  return callApi(paths.uploadLicense, { data: formOf(file, fileName), ...options });
}

export function uploadLogo(file: Blob, fileName: string, options?: CallOptions) {
  return callApi(paths.uploadLogo, { data: formOf(file, fileName), ...options });
}

export function centerExams(query: QueryOf<'centerExams'>, options?: CallOptions) {
  return callApi(paths.centerExams, { params: query, ...options });
}

export function createExam(body: BodyOf<'createExam'>, options?: CallOptions) {
  return callApi(paths.createExam, { data: body, ...options });
}

export function centerExam(id: string, options?: CallOptions) {
  return callApi(paths.centerExam, { path: { id }, ...options });
}

export function updateExam(id: string, body: BodyOf<'updateExam'>, options?: CallOptions) {
  return callApi(paths.updateExam, { path: { id }, data: body, ...options });
}

/** Cancels the exam: the answer counts the candidates refunded, the holds released and the SMS sent. */
export function cancelExam(id: string, options?: CallOptions) {
  return callApi(paths.cancelExam, { path: { id }, ...options });
}

export function roster(id: string, query: QueryOf<'roster'>, options?: CallOptions) {
  return callApi(paths.roster, { path: { id }, params: query, ...options });
}

/**
 * A file only the center may read (its business license, the roster export). A plain link or image cannot send the
 * bearer token, so the file comes through the request pipeline (which adds it) as a Blob for the page to show or save.
 */
export function centerFile(url: string, params: object = {}, options?: CallOptions): Promise<Blob> {
  return request<Blob>(url, { method: 'GET', params, responseType: 'blob', ...options });
}

/** Every candidate matching the roster search (no paging) as an .xlsx file. */
export function rosterExport(
  id: string,
  query: Omit<QueryOf<'roster'>, 'current' | 'pageSize'>,
  options?: CallOptions,
) {
  return centerFile(pathOf(ROSTER_EXPORT_PATH, { id }), query, options);
}

export function examExaminers(id: string, options?: CallOptions) {
  return callApi(paths.examExaminers, { path: { id }, ...options });
}

export function assignExaminer(id: string, body: BodyOf<'assignExaminer'>, options?: CallOptions) {
  return callApi(paths.assignExaminer, { path: { id }, data: body, ...options });
}

export function unassignExaminer(id: string, userId: string, options?: CallOptions) {
  return callApi(paths.unassignExaminer, { path: { id, userId }, ...options });
}

export function enterResult(id: string, registrationId: string, body: BodyOf<'enterResult'>, options?: CallOptions) {
  return callApi(paths.enterResult, { path: { id, registrationId }, data: body, ...options });
}

/** A results sheet (.xlsx or .csv) as multipart field `file`; the answer counts what it entered and why rows failed. */
export function uploadResults(id: string, file: Blob, fileName: string, options?: CallOptions) {
  return callApi(paths.uploadResults, { path: { id }, data: formOf(file, fileName), ...options });
}

/** Publishes the results: certificate numbers for every pass, every checked-in registration completed. */
export function publishResults(id: string, options?: CallOptions) {
  return callApi(paths.publishResults, { path: { id }, ...options });
}

export function rooms(options?: CallOptions) {
  return callApi(paths.rooms, { ...options });
}

export function createRoom(body: BodyOf<'createRoom'>, options?: CallOptions) {
  return callApi(paths.createRoom, { data: body, ...options });
}

export function updateRoom(id: string, body: BodyOf<'updateRoom'>, options?: CallOptions) {
  return callApi(paths.updateRoom, { path: { id }, data: body, ...options });
}

export function deleteRoom(id: string, options?: CallOptions) {
  return callApi(paths.deleteRoom, { path: { id }, ...options });
}

export function examSeating(id: string, options?: CallOptions) {
  return callApi(paths.examSeating, { path: { id }, ...options });
}

export function saveExamSeating(id: string, body: BodyOf<'saveExamSeating'>, options?: CallOptions) {
  return callApi(paths.saveExamSeating, { path: { id }, data: body, ...options });
}

export function allocateSeats(id: string, options?: CallOptions) {
  return callApi(paths.allocateSeats, { path: { id }, ...options });
}

export function rejectRosterPhoto(
  id: string,
  registrationId: string,
  body: BodyOf<'rejectRosterPhoto'>,
  options?: CallOptions,
) {
  return callApi(paths.rejectRosterPhoto, { path: { id, registrationId }, data: body, ...options });
}

export function moveSeat(id: string, registrationId: string, body: BodyOf<'moveSeat'>, options?: CallOptions) {
  return callApi(paths.moveSeat, { path: { id, registrationId }, data: body, ...options });
}

/** The room (one of the exam's) an examiner keeps the door of; null: any room. */
export function setExaminerRoom(id: string, userId: string, body: BodyOf<'setExaminerRoom'>, options?: CallOptions) {
  return callApi(paths.setExaminerRoom, { path: { id, userId }, data: body, ...options });
}

export function seatChart(id: string, options?: CallOptions) {
  return callApi(paths.seatChart, { path: { id }, ...options });
}

/** The door lists and seat charts (every room, or `roomId`'s) as a PDF in `lang`. */
export function doorListPdf(id: string, query: QueryOf<'doorListPdf'>, options?: CallOptions) {
  return centerFile(pathOf(paths.doorListPdf.path, { id }), query, options);
}
