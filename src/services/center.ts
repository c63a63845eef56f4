import { request } from '@umijs/max';
import type { BodyOf, DataOf, QueryOf } from '../../contract/api';
import { type CallOptions, callApi } from './client';

const examPath = (suffix: string, id: string) => `/api/center/exams/${encodeURIComponent(id)}${suffix}`;

/**
 * contract/center.ts says the same (ROSTER_EXPORT_PATH); kept here because importing it would bring zod to the
 * browser. A unit test holds the two equal.
 */
export const ROSTER_EXPORT_PATH = '/api/center/exams/:id/roster.xlsx';

function upload<T>(url: string, file: Blob, fileName: string, options?: CallOptions) {
  const data = new FormData();
  data.append('file', file, fileName);
  return callApi<T>(url, { method: 'POST', data, ...options });
}

export function centerProfile(options?: CallOptions) {
  return callApi<DataOf<'centerProfile'>>('/api/center/profile', { method: 'GET', ...options });
}

export function saveCenterProfile(body: BodyOf<'saveCenterProfile'>, options?: CallOptions) {
  return callApi<DataOf<'saveCenterProfile'>>('/api/center/profile', { method: 'PUT', data: body, ...options });
}

/** The business license (image or PDF) as multipart field `file`; the answer's id is what the profile save names. */
export function uploadLicense(file: Blob, fileName: string, options?: CallOptions) {
  return upload<DataOf<'uploadLicense'>>('/api/center/profile/license', file, fileName, options);
}

export function uploadLogo(file: Blob, fileName: string, options?: CallOptions) {
  return upload<DataOf<'uploadLogo'>>('/api/center/profile/logo', file, fileName, options);
}

export function centerExams(query: QueryOf<'centerExams'>, options?: CallOptions) {
  return callApi<DataOf<'centerExams'>>('/api/center/exams', { method: 'GET', params: query, ...options });
}

export function createExam(body: BodyOf<'createExam'>, options?: CallOptions) {
  return callApi<DataOf<'createExam'>>('/api/center/exams', { method: 'POST', data: body, ...options });
}

export function centerExam(id: string, options?: CallOptions) {
  return callApi<DataOf<'centerExam'>>(examPath('', id), { method: 'GET', ...options });
}

export function updateExam(id: string, body: BodyOf<'updateExam'>, options?: CallOptions) {
  return callApi<DataOf<'updateExam'>>(examPath('', id), { method: 'PUT', data: body, ...options });
}

/** Cancels the exam: the answer counts the candidates refunded, the holds released and the SMS sent. */
export function cancelExam(id: string, options?: CallOptions) {
  return callApi<DataOf<'cancelExam'>>(examPath('/cancel', id), { method: 'POST', ...options });
}

export function roster(id: string, query: QueryOf<'roster'>, options?: CallOptions) {
  return callApi<DataOf<'roster'>>(examPath('/roster', id), { method: 'GET', params: query, ...options });
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
  return centerFile(ROSTER_EXPORT_PATH.replace(':id', encodeURIComponent(id)), query, options);
}

export function examExaminers(id: string, options?: CallOptions) {
  return callApi<DataOf<'examExaminers'>>(examPath('/examiners', id), { method: 'GET', ...options });
}

export function assignExaminer(id: string, body: BodyOf<'assignExaminer'>, options?: CallOptions) {
  return callApi<DataOf<'assignExaminer'>>(examPath('/examiners', id), { method: 'POST', data: body, ...options });
}

export function unassignExaminer(id: string, userId: string, options?: CallOptions) {
  return callApi<DataOf<'unassignExaminer'>>(examPath(`/examiners/${encodeURIComponent(userId)}`, id), {
    method: 'DELETE',
    ...options,
  });
}

export function enterResult(id: string, registrationId: string, body: BodyOf<'enterResult'>, options?: CallOptions) {
  return callApi<DataOf<'enterResult'>>(examPath(`/results/${encodeURIComponent(registrationId)}`, id), {
    method: 'PUT',
    data: body,
    ...options,
  });
}

/** A results sheet (.xlsx or .csv) as multipart field `file`; the answer counts what it entered and why rows failed. */
export function uploadResults(id: string, file: Blob, fileName: string, options?: CallOptions) {
  return upload<DataOf<'uploadResults'>>(examPath('/results/upload', id), file, fileName, options);
}

/** Publishes the results: certificate numbers for every pass, every checked-in registration completed. */
export function publishResults(id: string, options?: CallOptions) {
  return callApi<DataOf<'publishResults'>>(examPath('/results/publish', id), { method: 'POST', ...options });
}
