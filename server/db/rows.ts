import type {
  AuditAction,
  CenterVerificationStatus,
  OpsPermission,
  OrderStatus,
  RegistrationStatus,
} from '../../contract';
import type {
  auditLog,
  avatars,
  categories,
  cities,
  documents,
  exams,
  fapiaoRequests,
  groupRegistrations,
  notifications,
  operators,
  orders,
  organizations,
  otpCodes,
  paymentEvents,
  profiles,
  promotions,
  provinces,
  refunds,
  registrations,
  results,
  rooms,
  testCenters,
  users,
  waitlistEntries,
} from './schema';

export type { GroupMemberRecord, GroupRejectedRecord, GroupUpload, RefundStatus } from './schema';

/**
 * The rows repositories answer, as plain types the domain may import: one alias per table (drizzle's inferred select
 * type) and an explicit type for each joined row. Nothing here runs.
 */

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
/** A session's account, with the permissions of an operator (none for every other kind). */
export type ActiveUser = UserRow & { permissions: OpsPermission[] };
export type ProvinceRow = typeof provinces.$inferSelect;
export type CityRow = typeof cities.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type CenterRow = typeof testCenters.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type AvatarRow = typeof avatars.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/** A paid registration a notification is due for (a reminder, its ticket's release), with its exam. */
export interface RegistrationNoticeRow {
  registrationId: string;
  userId: string;
  exam: ExamRow;
}
/** A room as a center writes it. */
export type RoomWrite = Pick<RoomRow, 'name' | 'building' | 'floor' | 'seats'>;

/** A registration to seat: its current room and seat, and the group registration that paid for it, if any. */
export interface SeatingCandidateRow {
  registrationId: string;
  groupId: string | null;
  roomId: string | null;
  seat: number | null;
}

/** One registration's room and seat, as allocation writes it. */
export interface SeatWrite {
  registrationId: string;
  roomId: string;
  seat: number;
}

/** What a printed ticket adds to the ticket page's data: the room and seat, if allocated, and the ID photo. */
export interface TicketSheetRow {
  registrationId: string;
  room: Pick<RoomRow, 'name' | 'building' | 'floor'> | null;
  seat: number | null;
  photo: Buffer | null;
}
/** A seated candidate as a door list prints them. */
export interface DoorSheetRow {
  registrationId: string;
  roomId: string;
  seat: number;
  name: string;
  idNumber: string | null;
  photo: Buffer | null;
}
export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type ResultRow = typeof results.$inferSelect;
export type ResultOutcome = ResultRow['outcome'];
export type GroupRow = typeof groupRegistrations.$inferSelect;
export type GroupInsert = typeof groupRegistrations.$inferInsert;
export type DocumentRow = typeof documents.$inferSelect;
export type DocumentPurpose = 'license' | 'logo';

/** The few facts of an exam an order, a result or a certificate names. */
export type ExamBriefRow = Pick<ExamRow, 'id' | 'code' | 'nameZh' | 'nameEn' | 'startsAt' | 'timeZone'>;

/** An exam with its category, organization, center and place: the shape the catalog answers (toExamSummary). */
export interface ExamSummaryRow {
  exam: ExamRow;
  category: CategoryRow;
  organization: OrganizationRow | null;
  center: Pick<CenterRow, 'id' | 'nameZh' | 'nameEn' | 'verificationStatus'>;
  province: ProvinceRow;
  city: CityRow;
}

/** A page of rows and how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** An order with the exam it pays for. */
export interface OrderWithExamRow {
  order: OrderRow;
  exam: ExamBriefRow;
}

/** An order a registration rides on, with how many seats (registrations) it pays for. */
export interface OrderSeatsRow {
  order: OrderRow;
  seats: number;
}

/** A paid order touched by an exam's cancellation: its seats, those canceled here, those still keeping it in use. */
export interface PaidOrderTallyRow extends OrderSeatsRow {
  canceledHere: number;
  kept: number;
}

/** What booking needs of a user: the name, the avatar, the profile and its invitation code. */
export interface BookingProfileRow {
  name: string;
  phone: string;
  avatarSmall: string | null;
  profile: ProfileRow | null;
  invitation: PromotionRow | null;
}

/** Who a registration names: the person and where their registration stands (the door's and the roster's rows). */
export interface RegistrationPerson {
  registrationId: string;
  examId: string;
  status: RegistrationStatus;
  checkedInAt: Date | null;
  name: string;
  phone: string;
  idNumber: string | null;
}

/** A candidate's current ID photo (the avatar their profile names) and whether it was rejected. */
export interface PhotoStateRow {
  avatarId: string | null;
  photoRejectedAt: Date | null;
  photoRejectionReason: string | null;
}

/** A registration as a roster line shows it: who, their status, and the result if one was entered. */
export interface RosterLineRow extends RegistrationPerson, PhotoStateRow {
  outcome: ResultOutcome | null;
  certificateNumber: string | null;
  /** The room's name and the seat, once allocated. */
  room: string | null;
  seat: number | null;
}

/** Who a registration names, as the door sees it. */
export interface CandidateRow extends RegistrationPerson {
  avatarSmall: string | null;
  /** The ID photo (profile image), for its full-size link. */
  avatarId: string | null;
  roomId: string | null;
  roomName: string | null;
  building: string | null;
  floor: string | null;
  seat: number | null;
}

/** A group member's registration with what their ticket prints. */
export interface GroupMemberRow {
  registration: RegistrationRow;
  phone: string;
  name: string;
  avatarSmall: string | null;
  idNumber: string | null;
}

/** A user's booked registration with its exam and its result once published. */
export interface RegistrationResultRow {
  registration: RegistrationRow;
  exam: ExamBriefRow;
  result: ResultRow | null;
}

/** A refund with the order it gives back to. */
export interface RefundWithOrderRow {
  refund: RefundRow;
  order: Pick<OrderRow, 'id' | 'totalFen' | 'provider'>;
}

/** A refund given up as failed, with what an operator needs of its order, its payer and its exam. */
export interface FailedRefundRow {
  refund: RefundRow;
  order: Pick<OrderRow, 'id' | 'userId' | 'totalFen' | 'provider' | 'providerTransactionId'>;
  payer: Pick<UserRow, 'id' | 'name' | 'phone'>;
  exam: Pick<ExamRow, 'id' | 'code' | 'nameZh' | 'nameEn'>;
  /** The operator who asked for a manual refund; null for the refunds the system booked. */
  requestedBy: Pick<UserRow, 'id' | 'name'> | null;
}

/** A published certificate, the holder's name and the exam. */
export interface CertificateRow {
  certificateNumber: string | null;
  outcome: ResultOutcome;
  publishedAt: Date | null;
  name: string;
  exam: Omit<ExamBriefRow, 'id'>;
}

/** An examiner assigned to an exam. */
export interface AssignedExaminerRow {
  userId: string;
  phone: string;
  name: string;
  assignedAt: Date;
  roomId: string | null;
}

/** The exam columns a center writes (its place comes from the center's profile). */
export type ExamWrite = Pick<
  ExamRow,
  | 'code'
  | 'accessCode'
  | 'nameZh'
  | 'nameEn'
  | 'categoryId'
  | 'organizationId'
  | 'locationZh'
  | 'locationEn'
  | 'provinceCode'
  | 'cityCode'
  | 'startsAt'
  | 'registrationEndsAt'
  | 'feeFen'
  | 'capacity'
  | 'arrivalLeadMinutes'
  | 'registrationOpensAt'
> &
  /** Absent: unchanged on an edit, off on a new exam. */
  Partial<Pick<ExamRow, 'waitingRoom'>>;

/** What a center's profile save writes on its row. */
export type CenterWrite = Omit<
  CenterRow,
  | 'id'
  | 'ownerId'
  | 'verificationStatus'
  | 'verificationReason'
  | 'verificationDecidedAt'
  | 'verificationDecidedBy'
  | 'submittedAt'
>;

/** What a profile save writes: the `profiles` row plus the two `users` columns currentUser shows. */
export interface ProfileWrite {
  userId: string;
  name: string;
  avatarSmall: string;
  /** The notification choices are set on their own (the notification settings), never by a profile save. */
  profile: Omit<ProfileRow, 'userId' | 'updatedAt' | 'notifySms' | 'notifyEmail'>;
  now: Date;
}

// --- the operators' console ---

export type OperatorRow = typeof operators.$inferSelect;

/** An operator with its account's phone and name and who invited it (null: the server's command line). */
export interface OperatorListRow {
  operator: OperatorRow;
  phone: string;
  name: string;
  inviter: { id: string; name: string } | null;
}

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  /** Part of the actor's name or phone. */
  actor?: string;
  action?: AuditAction;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date;
  until?: Date;
}

/** A center as the verification queue shows it: its row, its place's names, its license's type, who decided. */
export interface VerificationRow {
  center: CenterRow;
  provinceName: string;
  cityName: string;
  licenseContentType: string | null;
  /** The center account's phone (E.164). */
  ownerPhone: string | null;
  decider: { id: string; name: string } | null;
}

export interface VerificationChange {
  status: CenterVerificationStatus;
  reason: string | null;
  decidedBy: string;
  decidedAt: Date;
}

/** What an operator filters the catalog's tables by. */
export interface CatalogFilter {
  status?: 'active' | 'retired';
  /** Part of a name in either language (or a category's code). */
  text?: string;
}

export interface CategoryWithCount {
  category: CategoryRow;
  /** Exams of any status that name it. */
  examCount: number;
}

export interface OrganizationWithCount {
  organization: OrganizationRow;
  /** Profiles that name it. */
  memberCount: number;
}

/** The console's promotion list: its kind and part of its code. */
export interface PromotionFilter {
  kind?: 'promotion' | 'invitation' | undefined;
  text?: string | undefined;
}

/** What a promotion's scope names: an exam or a category, by its code and names. */
export interface PromotionScopeTarget {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** A promotion as the console lists it: its paid uses and the exam or category it is limited to. */
export interface PromotionWithUsage {
  promotion: PromotionRow;
  /** Paid orders priced with it (`orders.promo_code` for a promotion, `invitation_code` for an invitation). */
  usageCount: number;
  exam: PromotionScopeTarget | null;
  category: PromotionScopeTarget | null;
}

/** One Beijing day of the dashboard: registrations paid for, the orders' totals and the refunds paid out. */
export interface DashboardDayRow {
  /** YYYY-MM-DD. */
  day: string;
  registrations: number;
  revenueFen: number;
  refundedFen: number;
}

/** An exam on the dashboard: its seats and, of its admitted registrations, how many were checked in. */
export interface DashboardExamRow {
  exam: Pick<ExamRow, 'id' | 'code' | 'nameZh' | 'nameEn' | 'startsAt' | 'capacity' | 'seatsTaken'>;
  admitted: number;
  checkedIn: number;
}

/** A candidate as support finds them: the account, the profile's ID number and the live sessions. */
export interface SupportCandidateRow {
  user: Pick<UserRow, 'id' | 'phone' | 'name' | 'createdAt' | 'anonymizedAt'>;
  /** Empty when the profile has none (or there is no profile). */
  idNumber: string;
  activeSessions: number;
}

/**
 * What a candidate's account holds, counted, as erasure decides on it: `live` registrations block it, `payments`
 * (paid or refunded orders, refunds, a registration paid by someone else's order) and results make it anonymize.
 */
export interface ErasureFacts {
  live: number;
  payments: number;
  registrations: number;
  orders: number;
  refunds: number;
  results: number;
  certificates: number;
  groups: number;
  profiles: number;
  avatars: number;
  documents: number;
  sessions: number;
}

/** A candidate's registration with its exam and its result once published. */
export interface SupportRegistrationRow {
  registration: Pick<RegistrationRow, 'id' | 'status' | 'createdAt' | 'checkedInAt'>;
  exam: ExamBriefRow;
  /** Null until the results are published. */
  outcome: ResultOutcome | null;
}

/** An order as operators list it: the payer, the exam, its seats and its refunds' sums by state. */
export interface OpsOrderListRow {
  order: OrderRow;
  payer: Pick<UserRow, 'id' | 'name' | 'phone'>;
  exam: Pick<ExamRow, 'id' | 'code' | 'nameZh' | 'nameEn'>;
  quantity: number;
  /** Requested or processing. */
  refundPendingFen: number;
  refundFailedFen: number;
}

/** The facts of an exam an operator's order names. */
export type ExamRefRow = Pick<ExamRow, 'id' | 'code' | 'nameZh' | 'nameEn'>;
/** Who acted or paid, as the console names them. */
export type PersonRow = Pick<UserRow, 'id' | 'name'>;

/**
 * An operators' order search: every filter narrows. `phone` is E.164; `exam` part of a code or either name; the
 * order was created in [from, until).
 */
export interface OrderDeskFilter {
  phone?: string | undefined;
  orderId?: string | undefined;
  transactionId?: string | undefined;
  exam?: string | undefined;
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

/** A registration an order pays for, with the candidate's name and the exam it is for now. */
export interface OrderRegistrationRow {
  id: string;
  status: RegistrationStatus;
  candidateName: string;
  exam: ExamRefRow;
}

/** A refund of an order with the operator who asked for it by hand (null for the ones the system booked). */
export interface OrderRefundRow {
  refund: RefundRow;
  requestedBy: PersonRow | null;
}

/**
 * An order that paid for one of some registrations, with its exam: the moves of a registration, in order. A change
 * that could not be made (its payment went back) moved nothing.
 */
export interface RegistrationOrderRow {
  registrationId: string;
  order: Pick<OrderRow, 'id' | 'purpose' | 'status' | 'paidAt' | 'createdAt'>;
  exam: ExamRefRow;
  changeFailed: boolean;
}

/** An operator's retry of a failed refund, from the audit log. */
export interface RefundRetryRow {
  refundId: string;
  at: Date;
  by: PersonRow;
}

/** A payment as the platform records it: the order it paid, its total and the order's state. */
export interface PlatformPaymentRow {
  orderId: string;
  amountFen: number;
  status: OrderStatus;
  transactionId: string | null;
}

/** A refund as the platform records it. */
export interface PlatformRefundRow {
  refundId: string;
  orderId: string;
  amountFen: number;
  status: RefundRow['status'];
  transactionId: string | null;
}

export type FapiaoRow = typeof fapiaoRequests.$inferSelect;

/** A fapiao request as operators list it: with its order's money, payer and exam. */
export interface FapiaoDeskRow {
  fapiao: FapiaoRow;
  order: Pick<OrderRow, 'id' | 'totalFen' | 'refundedFen'>;
  payer: Pick<UserRow, 'name' | 'phone'>;
  exam: Pick<ExamRow, 'code' | 'nameZh' | 'nameEn'>;
}
