import { z } from 'zod';
import { currentUser, loginRequest, loginResponse, logoutResponse, otpRequest, otpResponse } from './auth';
import {
  cancelResponse,
  changeRequest,
  changeResponse,
  orderIdParams,
  orderQuery,
  orderView,
  quote,
  quoteRequest,
  registrationIdParams,
  registrationList,
  registrationListQuery,
  registrationRequest,
  registrationResponse,
  resultView,
  ticket,
  ticketPublicKey,
  transactionList,
} from './booking';
import { category, city, cityQuery, examIdParams, examList, examListQuery, examSummary, province } from './catalog';
import { pageQuery } from './envelope';
import { groupCreateRequest, groupIdParams, groupPriceRequest, groupView } from './group';
import { walletOrder, walletOrderParams } from './payment';
import { avatarUpload, organization, profile, profileUpdate } from './profile';
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
  profile: { method: 'GET', path: '/api/front/profile', auth: 'user', summary: 'My profile', data: profile },
  saveProfile: {
    method: 'PUT',
    path: '/api/front/profile',
    auth: 'user',
    summary: 'Save the whole profile (all or nothing)',
    body: profileUpdate,
    data: profile,
  },
  uploadAvatar: {
    method: 'POST',
    path: '/api/front/profile/avatar',
    auth: 'user',
    summary: 'Upload an avatar (multipart field `file`: jpg, png or webp, at most 2 MB)',
    data: avatarUpload,
  },
  organizations: {
    method: 'GET',
    path: '/api/front/organizations',
    auth: 'public',
    summary: 'Organizations a candidate may belong to',
    data: z.array(organization),
  },
  quote: {
    method: 'POST',
    path: '/api/front/checkout/quote',
    auth: 'user',
    summary: 'The price breakdown of a booking',
    body: quoteRequest,
    data: quote,
  },
  register: {
    method: 'POST',
    path: '/api/front/student-registration',
    auth: 'user',
    summary: 'Book a seat: holds it and creates the order (send an Idempotency-Key header)',
    body: registrationRequest,
    data: registrationResponse,
  },
  order: {
    method: 'GET',
    path: '/api/front/orders/:id',
    auth: 'user',
    summary: 'One of my orders (refresh=1 asks the payment provider)',
    params: orderIdParams,
    query: orderQuery,
    data: orderView,
  },
  registrations: {
    method: 'GET',
    path: '/api/front/registrations',
    auth: 'user',
    summary: 'My registrations',
    query: registrationListQuery,
    data: registrationList,
  },
  ticket: {
    method: 'GET',
    path: '/api/front/registrations/:id/ticket',
    auth: 'user',
    summary: 'The admission ticket of one of my registrations',
    params: registrationIdParams,
    data: ticket,
  },
  changeOptions: {
    method: 'GET',
    path: '/api/front/registrations/:id/change-options',
    auth: 'user',
    summary: 'Open exams a registration may move to (same exam code or category, seats left)',
    params: registrationIdParams,
    data: z.array(examSummary),
  },
  changeRegistration: {
    method: 'POST',
    path: '/api/front/registrations/:id/change',
    auth: 'user',
    summary: 'Move a registration to another exam',
    params: registrationIdParams,
    body: changeRequest,
    data: changeResponse,
  },
  cancelRegistration: {
    method: 'POST',
    path: '/api/front/registrations/:id/cancel',
    auth: 'user',
    summary: 'Cancel a registration (refunds what was paid)',
    params: registrationIdParams,
    data: cancelResponse,
  },
  transactions: {
    method: 'GET',
    path: '/api/front/transactions',
    auth: 'user',
    summary: 'My orders, newest first',
    query: pageQuery,
    data: transactionList,
  },
  results: {
    method: 'GET',
    path: '/api/front/results',
    auth: 'user',
    summary: 'Results of my registrations',
    data: z.array(resultView),
  },
  ticketPublicKey: {
    method: 'GET',
    path: '/api/front/tickets/public-key',
    auth: 'public',
    summary: 'The Ed25519 public key that verifies ticket tokens',
    data: ticketPublicKey,
  },
  createGroup: {
    method: 'POST',
    path: '/api/front/groups',
    auth: 'user',
    summary: 'Start a group registration: the coordinator and the exam',
    body: groupCreateRequest,
    data: groupView,
  },
  group: {
    method: 'GET',
    path: '/api/front/groups/:id',
    auth: 'user',
    summary: 'One of my group registrations, with each member and its status',
    params: groupIdParams,
    data: groupView,
  },
  uploadGroupFile: {
    method: 'POST',
    path: '/api/front/groups/:id/upload',
    auth: 'user',
    summary:
      'Upload the member list (multipart field `file`: .xlsx or .csv, at most 2 MB and 1,000 rows); replaces the last',
    params: groupIdParams,
    data: groupView,
  },
  groupQuote: {
    method: 'POST',
    path: '/api/front/groups/:id/quote',
    auth: 'user',
    summary: 'The price breakdown for every accepted member',
    params: groupIdParams,
    body: groupPriceRequest,
    data: quote,
  },
  groupCheckout: {
    method: 'POST',
    path: '/api/front/groups/:id/checkout',
    auth: 'user',
    summary: 'Hold a seat for every accepted member and create one order (send an Idempotency-Key header)',
    params: groupIdParams,
    body: groupPriceRequest,
    data: groupView,
  },
  groupTickets: {
    method: 'GET',
    path: '/api/front/groups/:id/tickets',
    auth: 'user',
    summary: "Every member's ticket, once the group's order is paid",
    params: groupIdParams,
    data: z.array(ticket),
  },
  walletOrder: {
    method: 'GET',
    path: '/api/pay/sandbox/orders/:orderId',
    auth: 'public',
    summary: 'Sandbox wallet: the order a scanned QR names',
    params: walletOrderParams,
    data: walletOrder,
  },
  walletConfirm: {
    method: 'POST',
    path: '/api/pay/sandbox/orders/:orderId/confirm',
    auth: 'public',
    summary: 'Sandbox wallet: pay (sends a signed notification through the provider path)',
    params: walletOrderParams,
    data: walletOrder,
  },
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
export type DataOf<K extends EndpointName> = z.infer<Api[K]['data']>;
export type BodyOf<K extends EndpointName> = Api[K] extends { body: z.ZodType } ? z.input<Api[K]['body']> : never;
export type QueryOf<K extends EndpointName> = Api[K] extends { query: z.ZodType } ? z.input<Api[K]['query']> : never;
