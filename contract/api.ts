import { z } from 'zod';
import { currentUser, loginRequest, loginResponse, logoutResponse, otpRequest, otpResponse } from './auth';
import { category, city, cityQuery, examIdParams, examList, examListQuery, examSummary, province } from './catalog';
import { siteInfo } from './site';
import { health, ready } from './system';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  path: string;
  /** `public` needs no token; `user` needs a valid bearer token. */
  auth: 'public' | 'user';
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The schema of the envelope's `data` on success. */
  data: z.ZodType;
}

/**
 * Every endpoint of the API. Server routes register from these entries, `src/services` type their callers with
 * `DataOf<...>`, and the mock test parses every mock answer with them. Nothing else declares API shapes.
 */
export const api = {
  health: { method: 'GET', path: '/api/health', auth: 'public', summary: 'Liveness', data: health },
  ready: { method: 'GET', path: '/api/ready', auth: 'public', summary: 'Readiness: the database answers', data: ready },
  site: {
    method: 'GET',
    path: '/api/front/site',
    auth: 'public',
    summary: 'Deployment facts for the footer',
    data: siteInfo,
  },
  sendOtp: {
    method: 'POST',
    path: '/api/front/otp',
    auth: 'public',
    summary: 'Send a one-time login code by SMS',
    body: otpRequest,
    data: otpResponse,
  },
  login: {
    method: 'POST',
    path: '/api/front/login',
    auth: 'public',
    summary: 'Log in (or sign up on first login) with the code',
    body: loginRequest,
    data: loginResponse,
  },
  currentUser: {
    method: 'GET',
    path: '/api/front/currentUser',
    auth: 'user',
    summary: 'The logged-in user',
    data: currentUser,
  },
  logout: {
    method: 'POST',
    path: '/api/front/logout',
    auth: 'user',
    summary: 'Revoke the token',
    data: logoutResponse,
  },
  provinces: { method: 'GET', path: '/api/province', auth: 'public', summary: 'Provinces', data: z.array(province) },
  cities: {
    method: 'GET',
    path: '/api/city',
    auth: 'public',
    summary: 'Cities of a province',
    query: cityQuery,
    data: z.array(city),
  },
  categories: {
    method: 'GET',
    path: '/api/front/categories',
    auth: 'public',
    summary: 'Exam categories',
    data: z.array(category),
  },
  exams: {
    method: 'GET',
    path: '/api/front/exams',
    auth: 'public',
    summary: 'Exams open for booking',
    query: examListQuery,
    data: examList,
  },
  exam: {
    method: 'GET',
    path: '/api/front/exams/:id',
    auth: 'public',
    summary: 'One exam',
    params: examIdParams,
    data: examSummary,
  },
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
export type DataOf<K extends EndpointName> = z.infer<Api[K]['data']>;
export type BodyOf<K extends EndpointName> = Api[K] extends { body: z.ZodType } ? z.input<Api[K]['body']> : never;
export type QueryOf<K extends EndpointName> = Api[K] extends { query: z.ZodType } ? z.input<Api[K]['query']> : never;
