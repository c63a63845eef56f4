import { z } from 'zod';
import {
  ACCOUNT_KINDS,
  type AccountKind,
  currentUser,
  loginRequest,
  loginResponse,
  logoutResponse,
  type OpsPermission,
  otpRequest,
  otpResponse,
  USER_KINDS,
} from './auth';
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
  registrationView,
  resultView,
  ticket,
  ticketFileQuery,
  ticketPublicKey,
  transactionList,
} from './booking';
import { category, city, cityQuery, examIdParams, examList, examListQuery, examSummary, province } from './catalog';
import {
  assignedExaminer,
  centerExam,
  centerExamExaminerParams,
  centerExamList,
  centerExamListQuery,
  centerExamParams,
  centerExamRegistrationParams,
  centerProfile,
  centerProfileUpdate,
  certificateParams,
  certificateVerification,
  documentUpload,
  doorListQuery,
  examCancelResponse,
  examDraft,
  examinerAssignment,
  examinerRoom,
  examSeating,
  examSeatingUpdate,
  resultEntry,
  resultPublication,
  resultUpload,
  room,
  roomDraft,
  roomParams,
  roster,
  rosterEntry,
  rosterQuery,
  seatChart,
  seatMove,
} from './center';
import { fileIdParams } from './common';
import { pageQuery } from './envelope';
import type { ErrorCode } from './errors';
import {
  candidateLookupQuery,
  checkinCandidate,
  checkinRequest,
  checkinResponse,
  examinerExam,
  examinerExamParams,
  examinerProfile,
  examinerProfileUpdate,
  examinerRegistrationParams,
} from './examiner';
import {
  groupCheckoutRequest,
  groupCreateRequest,
  groupIdParams,
  groupMemberCancelResponse,
  groupMemberParams,
  groupPriceRequest,
  groupTemplateQuery,
  groupView,
} from './group';
import {
  markReadRequest,
  notificationList,
  notificationListQuery,
  notificationSettings,
  notificationSettingsRequest,
  unreadCount,
} from './notifications';
import { type OpsApi, opsApi } from './opsApi';
import type { Route } from './paths';
import * as paths from './paths';
import { walletOrder, walletOrderParams } from './payment';
import { avatarUpload, organization, photoRejectionRequest, profile, profileUpdate } from './profile';
import { queueStatus, waitingRoomSwitch } from './queue';
import { fapiaoRequest, fapiaoView, receiptFileQuery, receiptView } from './receipts';
import { siteInfo } from './site';
import { health, ready } from './system';
import { waitlistEntry, waitlistList } from './waitlist';

interface EndpointShape extends Route {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The multipart field carrying the file, for endpoints that take an upload instead of a JSON body. */
  fileField?: 'file';
}

/** What a success answers: the envelope, its `data` typed by the schema, or (`response: 'file'`) a file's bytes. */
type Success = { response?: never; data: z.ZodType } | { response: 'file'; data?: never };

/** Who may call an endpoint: anyone (`public`), or a logged-in account (`user`) of a kind `access` names. */
type Caller =
  | { auth: 'public' }
  | {
      auth: 'user';
      /** The kinds of account admitted (USER_KINDS: any); the registrar refuses the rest before reading the body. */
      access: readonly AccountKind[];
      /** What a refused kind is answered, when not the code naming the one kind admitted (see refusalOf). */
      refusal?: ErrorCode;
      /** For operators: what the operator must hold, else 403 PERMISSION_DENIED (also before the body is read). */
      permission?: OpsPermission;
    };

export type Endpoint = EndpointShape & Caller & Success;

const ONLY: Record<AccountKind, ErrorCode> = {
  individual: 'STUDENTS_ONLY',
  testCenter: 'TEST_CENTERS_ONLY',
  examiner: 'EXAMINERS_ONLY',
  operator: 'OPERATORS_ONLY',
};

/**
 * The 403 an account of a kind the endpoint does not admit gets: the endpoint's own `refusal`, else the code naming
 * the one kind admitted (STUDENTS_ONLY, TEST_CENTERS_ONLY, EXAMINERS_ONLY), else FORBIDDEN.
 */
export function refusalOf(endpoint: { access: readonly AccountKind[]; refusal?: ErrorCode }): ErrorCode {
  const [only, ...more] = endpoint.access;
  return endpoint.refusal ?? (only && more.length === 0 ? ONLY[only] : 'FORBIDDEN');
}

/**
 * Every endpoint of the API: its method and path (from contract/paths/), who may call it, and its schemas. Server
 * routes register from these entries, `src/services` type their callers with them, and the mock test parses every
 * mock answer with them. Nothing else declares API shapes.
 */
export const api = {
  health: {
    ...paths.health,
    auth: 'public',
    summary: 'Liveness',
    data: health,
  },
  ready: {
    ...paths.ready,
    auth: 'public',
    summary: 'Readiness: the database answers',
    data: ready,
  },
  site: {
    ...paths.site,
    auth: 'public',
    summary: 'Deployment facts for the footer',
    data: siteInfo,
  },
  sendOtp: {
    ...paths.sendOtp,
    auth: 'public',
    summary: 'Send a one-time login code by SMS',
    body: otpRequest,
    data: otpResponse,
  },
  login: {
    ...paths.login,
    auth: 'public',
    summary: 'Log in (or sign up on first login) with the code',
    body: loginRequest,
    data: loginResponse,
  },
  currentUser: {
    ...paths.currentUser,
    auth: 'user',
    access: ACCOUNT_KINDS,
    summary: 'The logged-in user',
    data: currentUser,
  },
  logout: {
    ...paths.logout,
    auth: 'user',
    access: ACCOUNT_KINDS,
    summary: 'Revoke the token',
    data: logoutResponse,
  },
  provinces: {
    ...paths.provinces,
    auth: 'public',
    summary: 'Provinces',
    data: z.array(province),
  },
  cities: {
    ...paths.cities,
    auth: 'public',
    summary: 'Cities of a province',
    query: cityQuery,
    data: z.array(city),
  },
  categories: {
    ...paths.categories,
    auth: 'public',
    summary: 'Exam categories',
    data: z.array(category),
  },
  exams: {
    ...paths.exams,
    auth: 'public',
    summary: 'Exams open for booking',
    query: examListQuery,
    data: examList,
  },
  exam: {
    ...paths.exam,
    auth: 'public',
    summary: 'One exam',
    params: examIdParams,
    data: examSummary,
  },
  profile: {
    ...paths.profile,
    auth: 'user',
    access: ['individual'],
    refusal: 'FORBIDDEN',
    summary: 'My profile',
    data: profile,
  },
  saveProfile: {
    ...paths.saveProfile,
    auth: 'user',
    access: ['individual'],
    refusal: 'FORBIDDEN',
    summary: 'Save the whole profile (all or nothing)',
    body: profileUpdate,
    data: profile,
  },
  uploadAvatar: {
    ...paths.uploadAvatar,
    auth: 'user',
    access: ['individual'],
    refusal: 'FORBIDDEN',
    summary:
      'Upload the ID photo (multipart field `file`: jpg or png by content, at least 295×413 px, portrait, at most 2 MB)',
    fileField: 'file',
    data: avatarUpload,
  },
  avatar: {
    ...paths.avatar,
    auth: 'public',
    summary: "An avatar's image (the profile names its URL)",
    params: fileIdParams,
    response: 'file',
  },
  avatarSmall: {
    ...paths.avatarSmall,
    auth: 'public',
    summary: "An avatar's small image, for the header and lists",
    params: fileIdParams,
    response: 'file',
  },
  organizations: {
    ...paths.organizations,
    auth: 'public',
    summary: 'Organizations a candidate may belong to',
    data: z.array(organization),
  },
  quote: {
    ...paths.quote,
    auth: 'user',
    access: ['individual'],
    summary: 'The price breakdown of a booking',
    body: quoteRequest,
    data: quote,
  },
  queueJoin: {
    ...paths.queueJoin,
    auth: 'user',
    access: ['individual', 'testCenter'],
    summary: "Join an exam's waiting room (again: the same place); before the opening everyone gets a random place",
    params: examIdParams,
    data: queueStatus,
  },
  queueStatus: {
    ...paths.queueStatus,
    auth: 'user',
    access: ['individual', 'testCenter'],
    summary: "My place in an exam's waiting room, or my admission; ask again after nextCheckSeconds",
    params: examIdParams,
    data: queueStatus,
  },
  centerWaitingRoom: {
    ...paths.centerWaitingRoom,
    auth: 'user',
    access: ['testCenter'],
    summary: "Switch an own exam's waiting room on or off",
    params: centerExamParams,
    body: waitingRoomSwitch,
    data: examSummary,
  },
  register: {
    ...paths.register,
    auth: 'user',
    access: ['individual'],
    summary: 'Book a seat: holds it and creates the order at the confirmed total (send an Idempotency-Key header)',
    body: registrationRequest,
    data: registrationResponse,
  },
  order: {
    ...paths.order,
    auth: 'user',
    access: USER_KINDS,
    summary: 'One of my orders (refresh=1 asks the payment provider)',
    params: orderIdParams,
    query: orderQuery,
    data: orderView,
  },
  registrations: {
    ...paths.registrations,
    auth: 'user',
    access: USER_KINDS,
    summary: 'My registrations',
    query: registrationListQuery,
    data: registrationList,
  },
  registration: {
    ...paths.registration,
    auth: 'user',
    access: USER_KINDS,
    summary: 'One of my registrations, as the list shows it',
    params: registrationIdParams,
    data: registrationView,
  },
  ticket: {
    ...paths.ticket,
    auth: 'user',
    access: USER_KINDS,
    summary: 'The admission ticket of one of my registrations',
    params: registrationIdParams,
    data: ticket,
  },
  ticketPdf: {
    ...paths.ticketPdf,
    auth: 'user',
    access: USER_KINDS,
    summary: 'My admission ticket as an A4 PDF (once released), in the language asked for',
    params: registrationIdParams,
    query: ticketFileQuery,
    response: 'file',
  },
  ticketCalendar: {
    ...paths.ticketCalendar,
    auth: 'user',
    access: USER_KINDS,
    summary: 'My exam as a calendar event (.ics) with the address and an alarm at the arrival time',
    params: registrationIdParams,
    query: ticketFileQuery,
    response: 'file',
  },
  changeOptions: {
    ...paths.changeOptions,
    auth: 'user',
    access: USER_KINDS,
    summary:
      'Open exams a registration may move to (same exam code or category, seats left); requiresAccessCode marks those whose change needs the access code',
    params: registrationIdParams,
    data: z.array(examSummary),
  },
  changeRegistration: {
    ...paths.changeRegistration,
    auth: 'user',
    access: USER_KINDS,
    summary: 'Move a registration to another exam (with its accessCode when the exam requires one)',
    params: registrationIdParams,
    body: changeRequest,
    data: changeResponse,
  },
  cancelRegistration: {
    ...paths.cancelRegistration,
    auth: 'user',
    access: USER_KINDS,
    summary: 'Cancel a registration (refunds what was paid; a group seat only its coordinator may cancel)',
    params: registrationIdParams,
    data: cancelResponse,
  },
  waitlistJoin: {
    ...paths.waitlistJoin,
    auth: 'user',
    access: ['individual'],
    summary: "Join a sold-out exam's waiting list (again: the same place)",
    params: examIdParams,
    data: waitlistEntry,
  },
  waitlistLeave: {
    ...paths.waitlistLeave,
    auth: 'user',
    access: ['individual'],
    summary: "Leave an exam's waiting list; leaving an offer declines it and the seat passes to the next in line",
    params: examIdParams,
    data: waitlistEntry,
  },
  waitlist: {
    ...paths.waitlist,
    auth: 'user',
    access: ['individual'],
    summary: 'My waiting-list places and offers, live ones first',
    data: waitlistList,
  },
  notifications: {
    ...paths.notifications,
    auth: 'user',
    access: ['individual'],
    summary: 'My in-app notifications, newest first, written in `lang`, with the unread count',
    query: notificationListQuery,
    data: notificationList,
  },
  unreadNotifications: {
    ...paths.unreadNotifications,
    auth: 'user',
    access: ['individual'],
    summary: "How many of my in-app notifications are unread (the header's badge)",
    data: unreadCount,
  },
  markNotificationsRead: {
    ...paths.markNotificationsRead,
    auth: 'user',
    access: ['individual'],
    summary: 'Mark some (ids) or all of my notifications read; answers the unread count left',
    body: markReadRequest,
    data: unreadCount,
  },
  notificationSettings: {
    ...paths.notificationSettings,
    auth: 'user',
    access: ['individual'],
    summary: 'The channels I take notifications on and the language they are written in',
    data: notificationSettings,
  },
  saveNotificationSettings: {
    ...paths.saveNotificationSettings,
    auth: 'user',
    access: ['individual'],
    summary: 'Switch SMS or e-mail notifications on or off, or set the language they are written in',
    body: notificationSettingsRequest,
    data: notificationSettings,
  },
  receipt: {
    ...paths.receipt,
    auth: 'user',
    access: ['individual'],
    summary:
      "The receipt of one of my paid (or since refunded) orders: payer, registrations, the order's price lines, transaction, refunds and fapiao request",
    params: orderIdParams,
    data: receiptView,
  },
  receiptPdf: {
    ...paths.receiptPdf,
    auth: 'user',
    access: ['individual'],
    summary: 'The receipt of one of my paid (or since refunded) orders as an A4 PDF, in the language asked for',
    params: orderIdParams,
    query: receiptFileQuery,
    response: 'file',
  },
  requestFapiao: {
    ...paths.requestFapiao,
    auth: 'user',
    access: ['individual'],
    summary:
      'Ask for a fapiao for one of my paid orders (title, unified social credit code or empty for a person, e-mail); one standing request per order',
    params: orderIdParams,
    body: fapiaoRequest,
    data: fapiaoView,
  },
  transactions: {
    ...paths.transactions,
    auth: 'user',
    access: USER_KINDS,
    summary: 'My orders, newest first',
    query: pageQuery,
    data: transactionList,
  },
  results: {
    ...paths.results,
    auth: 'user',
    access: USER_KINDS,
    summary: 'Results of my registrations',
    data: z.array(resultView),
  },
  ticketPublicKey: {
    ...paths.ticketPublicKey,
    auth: 'public',
    summary: 'The Ed25519 public key that verifies ticket tokens',
    data: ticketPublicKey,
  },
  createGroup: {
    ...paths.createGroup,
    auth: 'user',
    access: ['individual'],
    summary: 'Start a group registration: the coordinator and the exam',
    body: groupCreateRequest,
    data: groupView,
  },
  group: {
    ...paths.group,
    auth: 'user',
    access: ['individual'],
    summary: 'One of my group registrations, with each member and its status',
    params: groupIdParams,
    data: groupView,
  },
  uploadGroupFile: {
    ...paths.uploadGroupFile,
    auth: 'user',
    access: ['individual'],
    summary:
      'Upload the member list (multipart field `file`: .xlsx or .csv, at most 2 MB and 1,000 rows); replaces the last',
    params: groupIdParams,
    fileField: 'file',
    data: groupView,
  },
  groupQuote: {
    ...paths.groupQuote,
    auth: 'user',
    access: ['individual'],
    summary: 'The price breakdown for every accepted member',
    params: groupIdParams,
    body: groupPriceRequest,
    data: quote,
  },
  groupCheckout: {
    ...paths.groupCheckout,
    auth: 'user',
    access: ['individual'],
    summary:
      'Hold a seat for every accepted member and create one order at the confirmed total (send an Idempotency-Key header)',
    params: groupIdParams,
    body: groupCheckoutRequest,
    data: groupView,
  },
  groupTemplate: {
    ...paths.groupTemplate,
    auth: 'public',
    summary: 'The member list template to fill in (.xlsx or .csv)',
    query: groupTemplateQuery,
    response: 'file',
  },
  groupTickets: {
    ...paths.groupTickets,
    auth: 'user',
    access: ['individual'],
    summary: "Every member's ticket, once the group's order is paid",
    params: groupIdParams,
    data: z.array(ticket),
  },
  groupTicketsPdf: {
    ...paths.groupTicketsPdf,
    auth: 'user',
    access: ['individual'],
    summary: "Every member's ticket as one A4 PDF, once the group's order is paid",
    params: groupIdParams,
    query: ticketFileQuery,
    response: 'file',
  },
  cancelGroupMember: {
    ...paths.cancelGroupMember,
    auth: 'user',
    access: ['individual'],
    summary:
      "Cancel one member's paid seat (the coordinator only; not within the change lock): the member's share is refunded to the group's order and the member told by SMS",
    params: groupMemberParams,
    data: groupMemberCancelResponse,
  },
  centerProfile: {
    ...paths.centerProfile,
    auth: 'user',
    access: ['testCenter'],
    summary: 'My test center profile',
    data: centerProfile,
  },
  saveCenterProfile: {
    ...paths.saveCenterProfile,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Save the whole test center profile (all or nothing)',
    body: centerProfileUpdate,
    data: centerProfile,
  },
  uploadLicense: {
    ...paths.uploadLicense,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Upload the business license (multipart field `file`: jpg, png, webp or pdf, at most 2 MB)',
    fileField: 'file',
    data: documentUpload,
  },
  uploadLogo: {
    ...paths.uploadLogo,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Upload the center logo (multipart field `file`: jpg, png or webp, at most 2 MB)',
    fileField: 'file',
    data: documentUpload,
  },
  centerDocument: {
    ...paths.centerDocument,
    auth: 'user',
    access: ['testCenter'],
    summary: 'My business license as uploaded',
    params: fileIdParams,
    response: 'file',
  },
  centerLogo: {
    ...paths.centerLogo,
    auth: 'public',
    summary: "A center's logo",
    params: fileIdParams,
    response: 'file',
  },
  centerExams: {
    ...paths.centerExams,
    auth: 'user',
    access: ['testCenter'],
    summary: "My center's exams, soonest first",
    query: centerExamListQuery,
    data: centerExamList,
  },
  createExam: {
    ...paths.createExam,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Create an exam at my center',
    body: examDraft,
    data: centerExam,
  },
  centerExam: {
    ...paths.centerExam,
    auth: 'user',
    access: ['testCenter'],
    summary: 'One exam of my center',
    params: centerExamParams,
    data: centerExam,
  },
  updateExam: {
    ...paths.updateExam,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Change an exam of my center (not once canceled, completed or started)',
    params: centerExamParams,
    body: examDraft,
    data: centerExam,
  },
  cancelExam: {
    ...paths.cancelExam,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Cancel an exam: every paid candidate is refunded and told by SMS',
    params: centerExamParams,
    data: examCancelResponse,
  },
  roster: {
    ...paths.roster,
    auth: 'user',
    access: ['testCenter'],
    summary: "An exam's candidates (search by name, phone or ID number)",
    params: centerExamParams,
    query: rosterQuery,
    data: roster,
  },
  rosterExport: {
    ...paths.rosterExport,
    auth: 'user',
    access: ['testCenter'],
    summary: "An exam's candidates as an .xlsx file (the roster's filters, every page)",
    params: centerExamParams,
    query: rosterQuery,
    response: 'file',
  },
  rooms: {
    ...paths.rooms,
    auth: 'user',
    access: ['testCenter'],
    summary: "My center's rooms, by name",
    data: z.array(room),
  },
  createRoom: {
    ...paths.createRoom,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Add a room to my center (a name unique at the center, its seats)',
    body: roomDraft,
    data: room,
  },
  updateRoom: {
    ...paths.updateRoom,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Change a room (never fewer seats than a seat number in use)',
    params: roomParams,
    body: roomDraft,
    data: room,
  },
  deleteRoom: {
    ...paths.deleteRoom,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Remove a room no exam uses',
    params: roomParams,
    data: z.array(room),
  },
  examSeating: {
    ...paths.examSeating,
    auth: 'user',
    access: ['testCenter'],
    summary: "An exam's rooms, ticket release date and allocation",
    params: centerExamParams,
    data: examSeating,
  },
  saveExamSeating: {
    ...paths.saveExamSeating,
    auth: 'user',
    access: ['testCenter'],
    summary: "Choose an exam's rooms (their seats cover its capacity) and when its tickets are released",
    params: centerExamParams,
    body: examSeatingUpdate,
    data: examSeating,
  },
  allocateSeats: {
    ...paths.allocateSeats,
    auth: 'user',
    access: ['testCenter'],
    summary:
      "Allocate every candidate a seat in random order, a group's members apart (again until tickets are released)",
    params: centerExamParams,
    data: examSeating,
  },
  seatChart: {
    ...paths.seatChart,
    auth: 'user',
    access: ['testCenter'],
    summary: "Each of an exam's rooms with every seat and who sits there (empty seats too)",
    params: centerExamParams,
    data: seatChart,
  },
  doorListPdf: {
    ...paths.doorListPdf,
    auth: 'user',
    access: ['testCenter'],
    summary:
      "An exam's door lists and seat charts as an A4 PDF, a room per page (roomId: one room), in the language asked for",
    params: centerExamParams,
    query: doorListQuery,
    response: 'file',
  },
  moveSeat: {
    ...paths.moveSeat,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Move one candidate to a free seat (after release, their old ticket is refused at the door)',
    params: centerExamRegistrationParams,
    body: seatMove,
    data: rosterEntry,
  },
  rejectRosterPhoto: {
    ...paths.rejectRosterPhoto,
    auth: 'user',
    access: ['testCenter'],
    summary:
      'Reject the current photo of a candidate of my exam, with the reason they read (PHOTO_NONE without one): their ticket waits for a new photo',
    params: centerExamRegistrationParams,
    body: photoRejectionRequest,
    data: rosterEntry,
  },
  examExaminers: {
    ...paths.examExaminers,
    auth: 'user',
    access: ['testCenter'],
    summary: 'The examiners assigned to an exam',
    params: centerExamParams,
    data: z.array(assignedExaminer),
  },
  assignExaminer: {
    ...paths.assignExaminer,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Assign an examiner by phone (their examiner account is created if they have none)',
    params: centerExamParams,
    body: examinerAssignment,
    data: z.array(assignedExaminer),
  },
  setExaminerRoom: {
    ...paths.setExaminerRoom,
    auth: 'user',
    access: ['testCenter'],
    summary: "Give an examiner one of the exam's rooms to keep the door of (null: any room)",
    params: centerExamExaminerParams,
    body: examinerRoom,
    data: z.array(assignedExaminer),
  },
  unassignExaminer: {
    ...paths.unassignExaminer,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Take an examiner off an exam',
    params: centerExamExaminerParams,
    data: z.array(assignedExaminer),
  },
  enterResult: {
    ...paths.enterResult,
    auth: 'user',
    access: ['testCenter'],
    summary: "Enter or correct one checked-in candidate's result (before publication)",
    params: centerExamRegistrationParams,
    body: resultEntry,
    data: rosterEntry,
  },
  uploadResults: {
    ...paths.uploadResults,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Enter results from a sheet (multipart field `file`: .xlsx or .csv with phone or ID number, and result)',
    params: centerExamParams,
    fileField: 'file',
    data: resultUpload,
  },
  publishResults: {
    ...paths.publishResults,
    auth: 'user',
    access: ['testCenter'],
    summary: 'Publish results: certificate numbers for passes, registrations completed',
    params: centerExamParams,
    data: resultPublication,
  },
  examinerProfile: {
    ...paths.examinerProfile,
    auth: 'user',
    access: ['examiner'],
    summary: 'My examiner profile',
    data: examinerProfile,
  },
  saveExaminerProfile: {
    ...paths.saveExaminerProfile,
    auth: 'user',
    access: ['examiner'],
    summary: 'Save my examiner profile',
    body: examinerProfileUpdate,
    data: examinerProfile,
  },
  examinerExams: {
    ...paths.examinerExams,
    auth: 'user',
    access: ['examiner'],
    summary: 'The exams assigned to me, soonest first',
    data: z.array(examinerExam),
  },
  examinerCandidate: {
    ...paths.examinerCandidate,
    auth: 'user',
    access: ['examiner'],
    summary: 'Who a scanned ticket names, for the identity check',
    params: examinerRegistrationParams,
    data: checkinCandidate,
  },
  lookupCandidates: {
    ...paths.lookupCandidates,
    auth: 'user',
    access: ['examiner'],
    summary: 'Find candidates of an exam by phone or ID card number',
    params: examinerExamParams,
    query: candidateLookupQuery,
    data: z.array(checkinCandidate),
  },
  checkin: {
    ...paths.checkin,
    auth: 'user',
    access: ['examiner'],
    summary: 'Check a candidate in by ticket token or registration id (a repeat says when it happened)',
    params: examinerExamParams,
    body: checkinRequest,
    data: checkinResponse,
  },
  verifyCertificate: {
    ...paths.verifyCertificate,
    auth: 'public',
    summary: 'What a certificate number proves (rate limited)',
    params: certificateParams,
    data: certificateVerification,
  },
  walletOrder: {
    ...paths.walletOrder,
    auth: 'public',
    summary: 'Sandbox wallet: the order a scanned QR names',
    params: walletOrderParams,
    data: walletOrder,
  },
  walletConfirm: {
    ...paths.walletConfirm,
    auth: 'public',
    summary: 'Sandbox wallet: pay (sends a signed notification through the provider path)',
    params: walletOrderParams,
    data: walletOrder,
  },
  // The operators' console endpoints the server answers; the rest of opsApi joins as the server learns them.
  opsSendOtp: opsApi.opsSendOtp,
  opsLogin: opsApi.opsLogin,
  opsOperators: opsApi.opsOperators,
  opsInviteOperator: opsApi.opsInviteOperator,
  opsRemoveOperator: opsApi.opsRemoveOperator,
  opsAudit: opsApi.opsAudit,
  opsCenters: opsApi.opsCenters,
  opsApproveCenter: opsApi.opsApproveCenter,
  opsRejectCenter: opsApi.opsRejectCenter,
  opsSuspendCenter: opsApi.opsSuspendCenter,
  opsCenterLicense: opsApi.opsCenterLicense,
  opsCategories: opsApi.opsCategories,
  opsCreateCategory: opsApi.opsCreateCategory,
  opsUpdateCategory: opsApi.opsUpdateCategory,
  opsRetireCategory: opsApi.opsRetireCategory,
  opsOrganizations: opsApi.opsOrganizations,
  opsCreateOrganization: opsApi.opsCreateOrganization,
  opsUpdateOrganization: opsApi.opsUpdateOrganization,
  opsRetireOrganization: opsApi.opsRetireOrganization,
  opsPromotions: opsApi.opsPromotions,
  opsCreatePromotion: opsApi.opsCreatePromotion,
  opsUpdatePromotion: opsApi.opsUpdatePromotion,
  opsDashboard: opsApi.opsDashboard,
  opsFailedRefunds: opsApi.opsFailedRefunds,
  opsRetryRefund: opsApi.opsRetryRefund,
  opsOrders: opsApi.opsOrders,
  opsOrdersExport: opsApi.opsOrdersExport,
  opsOrder: opsApi.opsOrder,
  opsRefundOrder: opsApi.opsRefundOrder,
  opsReconciliation: opsApi.opsReconciliation,
  opsReconciliationExport: opsApi.opsReconciliationExport,
  opsCandidates: opsApi.opsCandidates,
  opsCandidate: opsApi.opsCandidate,
  opsEndCandidateSessions: opsApi.opsEndCandidateSessions,
  opsCandidateExport: opsApi.opsCandidateExport,
  opsEraseCandidate: opsApi.opsEraseCandidate,
  opsRejectCandidatePhoto: opsApi.opsRejectCandidatePhoto,
  opsAuditExport: opsApi.opsAuditExport,
  opsWaitingRoom: opsApi.opsWaitingRoom,
  opsFapiaoRequests: opsApi.opsFapiaoRequests,
  opsDecideFapiao: opsApi.opsDecideFapiao,
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
/** Every endpoint the front end calls: `api`, and the operators' console (contract/opsApi.ts) until it joins `api`. */
type Contract = Api & OpsApi;
type ContractName = keyof Contract;
/** The endpoint a route of contract/paths/ is (method and path together name one). */
export type EndpointAt<R extends Route> = { [K in ContractName]: Contract[K] extends R ? K : never }[ContractName];
export type DataOf<K extends ContractName> = Contract[K] extends { data: infer S extends z.ZodType }
  ? z.infer<S>
  : never;
/** The endpoints that answer the envelope (all but the files). */
export type EnvelopeEndpointName = {
  [K in EndpointName]: Api[K] extends { data: z.ZodType } ? K : never;
}[EndpointName];
export type BodyOf<K extends ContractName> = Contract[K] extends { body: z.ZodType }
  ? z.input<Contract[K]['body']>
  : never;
export type QueryOf<K extends ContractName> = Contract[K] extends { query: z.ZodType }
  ? z.input<Contract[K]['query']>
  : never;
