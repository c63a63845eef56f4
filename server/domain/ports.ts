import type {
  AccountKind,
  CenterVerificationStatus,
  ExamStatus,
  FapiaoStatus,
  NotificationChannel,
  NotificationEvent,
  OpsPermission,
  OrderStatus,
  RefundReason,
  RegistrationStatus,
} from '../../contract';
import type {
  ActiveUser,
  AssignedExaminerRow,
  AuditFilter,
  AuditRow,
  AvatarRow,
  BookingProfileRow,
  CandidateRow,
  CatalogFilter,
  CategoryRow,
  CategoryWithCount,
  CenterRow,
  CenterWrite,
  CertificateRow,
  CityRow,
  DashboardDayRow,
  DashboardExamRow,
  DocumentRow,
  DoorSheetRow,
  ErasureFacts,
  ExamRow,
  ExamSummaryRow,
  ExamWrite,
  FailedRefundRow,
  FapiaoDeskRow,
  FapiaoRow,
  GroupInsert,
  GroupMemberRecord,
  GroupMemberRow,
  GroupRow,
  GroupUpload,
  NotificationRow,
  OperatorListRow,
  OpsOrderListRow,
  OrderDeskFilter,
  OrderInsert,
  OrderRefundRow,
  OrderRegistrationRow,
  OrderRow,
  OrderSeatsRow,
  OrderWithExamRow,
  OrganizationRow,
  OrganizationWithCount,
  OtpRow,
  Page,
  PaidOrderTallyRow,
  PaymentEventRow,
  PhotoStateRow,
  PlatformPaymentRow,
  PlatformRefundRow,
  ProfileRow,
  ProfileWrite,
  PromotionFilter,
  PromotionRow,
  PromotionWithUsage,
  ProvinceRow,
  RefundRetryRow,
  RefundRow,
  RefundWithOrderRow,
  RegistrationNoticeRow,
  RegistrationOrderRow,
  RegistrationResultRow,
  RegistrationRow,
  ResultOutcome,
  RoomRow,
  RoomWrite,
  RosterLineRow,
  SeatingCandidateRow,
  SeatWrite,
  SupportCandidateRow,
  SupportRegistrationRow,
  TicketSheetRow,
  UserRow,
  VerificationChange,
  VerificationRow,
  WaitlistEntryRow,
} from '../db/rows';
import type { DocumentLocale } from '../documents/messages';
import type { LocalPaymentOrder } from '../providers/payment/types';

/**
 * What the domain needs from the world outside it, declared here and implemented elsewhere: the repositories
 * (server/db/repositories/, one per aggregate), the unit of work that binds them to one transaction
 * (server/db/unitOfWork.ts), the logger and the links to the service's own routes (server/http/links.ts).
 * Rows are plain types from server/db/rows.ts.
 */

/** The slice of a pino logger the domain writes to. */
export interface DomainLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The URLs of the service's own routes that the domain hands out (in answers, to payment providers). */
export interface Links {
  /** The base providers and wallet links use: PUBLIC_URL, else the origin the request came to. */
  publicBase(requestOrigin: string): string;
  /** Where `provider` posts payment notifications. */
  paymentNotify(base: string, provider: string): string;
  /** Where `provider` posts a refund's outcome; none without PUBLIC_URL (the sweeper asks instead). */
  refundNotify(provider: string): string | undefined;
  avatar(avatarId: string): string;
  avatarSmall(avatarId: string): string;
  /** A center's business license, served to its owner only. */
  centerDocument(documentId: string): string;
  /** A center's logo, public. */
  centerLogo(documentId: string): string;
  /** A center's business license as an operator reads it. */
  opsCenterLicense(centerId: string): string;
}

// --- accounts ---

export interface UsersRepository {
  /** The account for this phone and kind, created on first use; `created` tells which. */
  findOrCreate(phone: string, kind: AccountKind): Promise<{ user: UserRow; created: boolean }>;
  /** The language the account's notifications are written in (the app's, sent at login). */
  setLocale(userId: string, locale: DocumentLocale): Promise<void>;
}

export interface SessionsRepository {
  create(session: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void>;
  /**
   * The users of those sessions that are neither expired nor revoked, by token hash (an operator's only while it still
   * is one); the others are absent.
   */
  findActiveUsers(tokenHashes: string[], now: Date): Promise<Map<string, ActiveUser>>;
  revoke(tokenHash: string, now: Date): Promise<void>;
  /** Ends every live session of a user (an operator removed, a candidate's sessions ended by support). */
  revokeAll(userId: string, now: Date): Promise<number>;
}

export interface OtpRepository {
  insert(code: Omit<OtpRow, 'id' | 'attempts' | 'consumedAt' | 'createdAt'> & { createdAt: Date }): Promise<void>;
  /** The newest code for the phone and kind: it supersedes every older one. */
  latest(phone: string, kind: AccountKind): Promise<OtpRow | undefined>;
  /** Counts a wrong try; answers the attempts so far. */
  recordWrongAttempt(id: string): Promise<number>;
  /** Marks the code used if it still is usable; false when a concurrent login got there first. */
  consume(id: string, now: Date, maxAttempts: number): Promise<boolean>;
}

export interface ProfilesRepository {
  find(userId: string): Promise<ProfileRow | undefined>;
  /** What booking needs of a user: the name, the profile and its invitation code. */
  bookingProfile(userId: string): Promise<BookingProfileRow | undefined>;
  avatarOwner(avatarId: string): Promise<string | undefined>;
  insertAvatar(
    avatar: Omit<AvatarRow, 'id' | 'createdAt' | 'rejectedAt' | 'rejectionReason'> & { createdAt: Date },
  ): Promise<string>;
  avatarImage(id: string, size: 'image' | 'small'): Promise<{ contentType: string; bytes: Buffer } | undefined>;
  /** The user's current photo (none when the profile names no avatar). */
  photoOf(userId: string): Promise<PhotoStateRow>;
  /** The current photo of each registration's candidate, with the candidate's name, in no particular order. */
  photosOfRegistrations(
    registrationIds: string[],
  ): Promise<(PhotoStateRow & { registrationId: string; name: string })[]>;
  /** Marks an avatar rejected with a reason (a later rejection replaces the reason). */
  rejectPhoto(avatarId: string, reason: string, at: Date): Promise<void>;
  /** The profile, and the user's name and header avatar: two statements, run in a unit of work. */
  save(write: ProfileWrite): Promise<ProfileRow>;
}

// --- the catalog and exams ---

/** What the catalog lists: open exams, filtered, paged. */
export interface ExamFilter {
  now: Date;
  categoryCode?: string | undefined;
  categoryId?: string | undefined;
  provinceCode?: string | undefined;
  cityCode?: string | undefined;
  /** Matched case-insensitively against both names and the exam code. */
  text?: string | undefined;
  startsFrom?: Date | undefined;
  startsBefore?: Date | undefined;
  offset: number;
  limit: number;
}

export interface CatalogRepository {
  provinces(): Promise<ProvinceRow[]>;
  cities(provinceCode: string): Promise<CityRow[]>;
  categories(): Promise<CategoryRow[]>;
  organizations(): Promise<OrganizationRow[]>;
  cityInProvince(cityCode: string, provinceCode: string): Promise<boolean>;
  /** Whether a category is active or retired; undefined when none has this id. */
  categoryStatus(id: string): Promise<'active' | 'retired' | undefined>;
  /** One organization, active or retired. */
  organization(id: string): Promise<OrganizationRow | undefined>;
  /** Active exams still taking registrations, soonest first. */
  listOpenExams(filter: ExamFilter): Promise<Page<ExamSummaryRow>>;
}

/** Insertable columns of a promotion; `created_at` is the database's. */
export type PromotionWrite = Omit<PromotionRow, 'createdAt'>;

export interface PromotionsRepository {
  /** The promotion (not an invitation) a candidate typed, in any case, active or not. */
  promoCode(code: string): Promise<PromotionRow | undefined>;
  /** The stored spelling of an active invitation code, matched case-insensitively. */
  activeInvitationCode(code: string): Promise<string | undefined>;
  /** Pending and paid orders priced with the code: what its usage cap counts. */
  usesOf(code: { code: string; kind: PromotionRow['kind'] }): Promise<number>;
  /**
   * Locks the code's row until the caller's transaction ends, then counts its pending and paid orders: a second
   * booking with the same capped code waits here and counts the first one's order once it has committed.
   */
  lockAndCountUses(code: { id: string; code: string; kind: PromotionRow['kind'] }): Promise<number>;
  page(filter: PromotionFilter, offset: number, limit: number): Promise<Page<PromotionWithUsage>>;
  promotion(id: string): Promise<PromotionWithUsage | undefined>;
  /** Adds a promotion; false when its code is taken. */
  insertPromotion(row: PromotionWrite): Promise<boolean>;
  /** Rewrites a promotion (its code and kind stay); false when there is none with this id. */
  updatePromotion(id: string, values: Omit<PromotionWrite, 'id' | 'code' | 'kind'>): Promise<boolean>;
  /** Whether the exam or category a scope names exists. */
  scopeTargetExists(scope: 'exam' | 'category', id: string): Promise<boolean>;
}

/** Exams a registration may change to: open, seats left, of the same kind, starting after the lock. */
export interface ChangeTargetFilter {
  excludeExamId: string;
  categoryId: string;
  codePrefix: string;
  now: Date;
  startsAfter: Date;
}

/** Per exam: registrations by status, results entered, examiners assigned. */
export interface ExamFacts {
  statuses: { examId: string; status: RegistrationStatus; n: number }[];
  results: { examId: string; n: number }[];
  examiners: { examId: string; n: number }[];
}

/** Every query of an exam row; `centerId` narrows a read to the exams that center runs. */
export interface ExamsRepository {
  /** An exam, with its center's verification (only an approved center's exams take bookings). */
  exam(id: string, centerId?: string): Promise<(ExamRow & { centerStatus: CenterVerificationStatus }) | undefined>;
  /** The exam, locked until the transaction ends (bookings of it wait behind it). */
  lockExam(id: string, centerId?: string): Promise<ExamRow | undefined>;
  /** The exam in the catalog's shape (category, organization, center, place). */
  examSummary(id: string, centerId?: string): Promise<ExamSummaryRow | undefined>;
  examSummaries(ids: string[]): Promise<ExamSummaryRow[]>;
  changeTargets(filter: ChangeTargetFilter): Promise<ExamSummaryRow[]>;
  /** A center's exams, soonest first, optionally of one status. */
  examsPage(
    centerId: string,
    status: ExamStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<Page<ExamSummaryRow>>;
  examFacts(examIds: string[]): Promise<ExamFacts>;
  insertExam(row: ExamWrite & { id: string; centerId: string; createdAt: Date }): Promise<void>;
  /** Rewrites an exam that may still change (see the implementation); false when it no longer may. */
  updateExam(examId: string, centerId: string, values: ExamWrite, now: Date): Promise<boolean>;
  /** Switches the exam's waiting room (narrowed to `centerId`'s exams when given); false when no such exam. */
  setWaitingRoom(examId: string, enabled: boolean, centerId?: string): Promise<boolean>;
  markExamCanceled(examId: string, at: Date): Promise<void>;
  /** Marks the results published (and the exam completed) once; false if they already were. */
  markExamPublished(examId: string, at: Date): Promise<boolean>;
}

/** The only writer of `exams.seats_taken` (server/db/repositories/seats.ts); used by domain/seats.ts only. */
export interface SeatsRepository {
  /** Takes `seats` seats at once if that many are left on an active exam (all or none). */
  takeSeats(examId: string, seats: number): Promise<boolean>;
  takeSeat(examId: string): Promise<boolean>;
  releaseSeats(examId: string, seats: number): Promise<void>;
}

// --- registrations, orders, payments ---

/**
 * One candidate's single booking of a seat: the registration and order to write when it is seated, and the local
 * provider's ledger row of its payment (the sandbox's; the order then carries its QR already), written with them.
 */
export interface SeatBooking {
  registration: RegistrationRow;
  order: OrderRow;
  payment?: LocalPaymentOrder['ledger'] | undefined;
}

/**
 * What became of a booking in a batch: seated (written), sold out, refused because its candidate already holds a
 * live registration of the exam, or because its candidate already used its Idempotency-Key (the earlier booking
 * answers it).
 */
export type SeatOutcome = 'seated' | 'soldOut' | 'registered' | 'keyUsed';

export interface RegistrationsRepository {
  registration(id: string, userId: string): Promise<RegistrationRow | undefined>;
  registrationsPage(
    userId: string,
    status: RegistrationStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<Page<RegistrationRow>>;
  lockRegistration(id: string, userId: string): Promise<RegistrationRow | undefined>;
  /** The registrations an order pays for, locked. */
  registrationsOfOrder(orderId: string): Promise<RegistrationRow[]>;
  hasLiveRegistration(userId: string, examId: string): Promise<boolean>;
  /** Among these, the seats someone else paid for (a group's), with the coordinator's name. */
  groupSeats(registrationIds: string[]): Promise<Map<string, { coordinatorName: string }>>;
  /** A single booking in one statement: the seat, the registration, its order and item; false when sold out. */
  bookSeat(registration: RegistrationRow, order: OrderRow): Promise<boolean>;
  /**
   * Single bookings of one exam, at most one per candidate, in one statement: each one's outcome, in order. A
   * unique violation (an Idempotency-Key reused on another exam meanwhile) fails all of them, writing nothing.
   */
  bookSeats(examId: string, bookings: SeatBooking[]): Promise<SeatOutcome[]>;
  insertRegistrations(rows: RegistrationRow[]): Promise<void>;
  /** Moves the given registrations from one of `from` to `to`; answers the rows that moved. */
  setRegistrationStatus(
    ids: string[],
    from: RegistrationStatus[],
    to: RegistrationStatus,
    extra?: { canceledAt?: Date; cancelReason?: string },
  ): Promise<RegistrationRow[]>;
  /** Points a booked registration at another exam; false when it no longer is where the caller thought. */
  moveRegistration(id: string, fromExamId: string, toExamId: string): Promise<boolean>;
  /** Every paid registration of the exam -> canceled (exam_canceled); answers who they were. */
  cancelPaidRegistrations(examId: string, at: Date): Promise<{ id: string; userId: string }[]>;
  /** checkin -> completed for the registrations given; answers how many moved. */
  completeRegistrations(ids: string[]): Promise<number>;
  /** Whether a candidate of the exam has come (checked in or completed). */
  hasAttendance(examId: string): Promise<boolean>;
}

export interface OrdersRepository {
  orderByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined>;
  /** One order with the exam it pays for; only the owner's when `userId` is given. */
  orderWithExam(id: string, userId?: string): Promise<OrderWithExamRow | undefined>;
  /** A user's orders, newest first. */
  ordersPage(userId: string, offset: number, limit: number): Promise<Page<OrderWithExamRow>>;
  /** The newest order (booking or change) of each registration. */
  currentOrderIds(registrationIds: string[]): Promise<Map<string, string>>;
  insertOrder(row: OrderInsert, registrationIds: string[]): Promise<OrderRow>;
  setQrContent(orderId: string, qrContent: string): Promise<void>;
  lockOrder(id: string): Promise<OrderRow | undefined>;
  /** The orders that paid or pay for a registration, oldest first, locked, with their seats. */
  ordersOfRegistration(registrationId: string): Promise<OrderSeatsRow[]>;
  /** pending -> paid; false when the order was no longer pending. */
  markOrderPaid(id: string, payment: { transactionId: string; paidAt: Date }): Promise<boolean>;
  /** Records the money of a payment that came after the order was closed (it is refunded next). */
  recordLatePayment(id: string, payment: { transactionId: string; paidAt: Date }): Promise<void>;
  /** pending -> expired or canceled; false when it was no longer pending. */
  closePendingOrder(id: string, status: Extract<OrderStatus, 'expired' | 'canceled'>, at: Date): Promise<boolean>;
  /** Pending orders whose hold has run out, locked; rows another sweeper holds are skipped. */
  expiredPendingOrders(now: Date, limit: number): Promise<OrderRow[]>;
  /** The open orders touching an exam, locked in id order (an exam's cancellation takes them before the exam). */
  lockOrdersOf(examId: string): Promise<OrderRow[]>;
  /** The paid orders behind these (just canceled) registrations, locked, with their tallies. */
  paidOrdersOf(registrationIds: string[]): Promise<PaidOrderTallyRow[]>;
}

/** What a payment notification did. */
export type PaymentOutcome = 'applied' | 'duplicate' | 'late_refunded' | 'rejected';
/** What a refund notification did: moved its refund, found it already there, or was refused. */
export type RefundNotificationOutcome = 'refund_succeeded' | 'refund_failed' | 'refund_duplicate' | 'rejected';

export interface PaymentsRepository {
  /** The audit trail of every notification, applied or refused. */
  recordPaymentEvent(event: {
    provider: string;
    orderId: string | null;
    outcome: PaymentOutcome | RefundNotificationOutcome;
    detail: string;
    at: Date;
  }): Promise<void>;
}

export interface RefundsRepository {
  /**
   * Books a refund against an order, never beyond what it took; undefined when nothing is left. An operator's
   * manual refund carries their note and id.
   */
  owePaymentBack(
    orderId: string,
    amountFen: number,
    reason: RefundReason,
    at: Date,
    manual?: { note: string; requestedBy: string },
  ): Promise<RefundRow | undefined>;
  /** Takes one due refund for an exchange with the provider until `leaseUntil`; false when it is not free. */
  claimRefund(id: string, now: Date, leaseUntil: Date): Promise<boolean>;
  /** Takes up to `limit` due refunds, the longest waiting first, as claimRefund does. */
  claimDueRefunds(now: Date, limit: number, leaseUntil: Date): Promise<{ refund: RefundRow; totalFen: number }[]>;
  refundWithOrder(id: string): Promise<RefundWithOrderRow | undefined>;
  /** The money is back: counted on its order once; two statements, run in a unit of work. */
  refundSucceeded(id: string, providerRefundId: string, at: Date): Promise<boolean>;
  refundProcessing(id: string, providerRefundId: string, nextAttemptAt: Date): Promise<void>;
  refundRetryLater(id: string, attempts: number, lastError: string, nextAttemptAt: Date): Promise<void>;
  /** The refund is given up (an operator settles it); false when it was no longer open. */
  refundFailed(id: string, change: { attempts?: number; lastError: string }, at: Date): Promise<boolean>;
  /** Refunds given up as failed, the longest owed first: what operators settle. */
  failedRefunds(offset: number, limit: number): Promise<Page<FailedRefundRow>>;
  /** failed -> requested, its attempts reset and due at `now` (the sweeper sends it); undefined unless it was failed. */
  retryFailedRefund(id: string, now: Date): Promise<RefundRow | undefined>;
  refundsOfOrders(orderIds: string[]): Promise<RefundRow[]>;
  /** The refunds of the user's orders that each paid for one of these registrations alone. */
  refundsOfRegistrations(
    registrationIds: string[],
    userId: string,
  ): Promise<{ registrationId: string; refund: RefundRow }[]>;
}

export interface GroupsRepository {
  insert(row: GroupInsert): Promise<GroupRow>;
  /** One group, only its coordinator's; locked when `forUpdate`. */
  find(id: string, coordinatorId: string, forUpdate?: boolean): Promise<GroupRow | undefined>;
  /** Replaces the group's upload (and forgets an order that expired or was canceled). */
  setUpload(id: string, upload: GroupUpload): Promise<void>;
  setOrder(id: string, orderId: string): Promise<void>;
  /** Which phones hold a live registration for the exam, and each phone's saved ID number. */
  memberFacts(
    examId: string,
    phones: string[],
  ): Promise<{ registeredPhones: Set<string>; accountIdNumbers: Map<string, string> }>;
  /** Finds or creates each member's account, filling blank profile fields only. */
  upsertMembers(
    members: GroupMemberRecord[],
    now: Date,
  ): Promise<{ userIds: Map<string, string>; mismatched: string[] }>;
  membersOfOrder(orderId: string): Promise<GroupMemberRow[]>;
}

// --- centers, exam day, results ---

export interface CentersRepository {
  centerOf(ownerId: string): Promise<CenterRow | undefined>;
  /** Creates the owner's center on the first save, updates it after. */
  saveCenter(ownerId: string, values: CenterWrite): Promise<CenterRow>;
  insertDocument(document: Omit<DocumentRow, 'id'>): Promise<string>;
  /** Who owns a document, what it is for and its type, without its bytes. */
  documentInfo(id: string): Promise<Pick<DocumentRow, 'ownerId' | 'purpose' | 'contentType'> | undefined>;
  document(id: string): Promise<DocumentRow | undefined>;
}

export interface RosterFilter {
  /** A part of the name, the phone or the ID number. */
  text?: string | undefined;
  status?: RegistrationStatus | undefined;
  offset: number;
  /** Without it, every line. */
  limit?: number;
}

/** An exam's candidates as a center sees them. */
export interface RostersRepository {
  /** The exam's registrations with the candidate and any result, in booking order. */
  roster(examId: string, filter: RosterFilter): Promise<Page<RosterLineRow>>;
  rosterLine(registrationId: string, examId: string): Promise<RosterLineRow | undefined>;
  /** Every registration of the exam that is not canceled, with what a results sheet names. */
  candidatesOf(
    examId: string,
  ): Promise<{ registrationId: string; status: RegistrationStatus; phone: string; idNumber: string | null }[]>;
}

/** An outcome to enter for a checked-in registration. */
export interface UnpublishedResult {
  registrationId: string;
  outcome: ResultOutcome;
}

export interface ResultsRepository {
  /** Enters or corrects outcomes of checked-in registrations before publication; answers those written. */
  enterResults(examId: string, entries: UnpublishedResult[]): Promise<string[]>;
  unpublishedResults(examId: string): Promise<UnpublishedResult[]>;
  publishResults(entries: { registrationId: string; certificateNumber: string | null }[], at: Date): Promise<void>;
  /** A published certificate by its normalized number. */
  certificate(certificateNumber: string): Promise<CertificateRow | undefined>;
  /** A user's booked registrations with their result once published, latest exam first. */
  resultsOf(userId: string): Promise<RegistrationResultRow[]>;
}

export interface ExaminersRepository {
  profile(
    userId: string,
  ): Promise<{ name: string; phone: string; address: string | null; identityId: string | null } | undefined>;
  /** The account's name and the examiner's profile: two statements, run in a unit of work. */
  saveProfile(userId: string, fields: { name: string; address: string; identityId: string }, at: Date): Promise<void>;
  assignedExams(examinerId: string): Promise<ExamSummaryRow[]>;
  /** Paid registrations of each exam and how many of them were checked in. */
  doorCounts(examIds: string[]): Promise<Map<string, { expected: number; checkedIn: number }>>;
  isAssigned(examId: string, examinerId: string): Promise<boolean>;
  /** The examiner's assignment to the exam (the room they keep, or null for any), undefined when not assigned. */
  assignment(examId: string, examinerId: string): Promise<{ roomId: string | null } | undefined>;
  /** The room each of the examiner's exams gave them, by exam id (exams with no room left out). */
  assignedRooms(examinerId: string): Promise<Map<string, { id: string; name: string }>>;
  /** Sets the room an assigned examiner keeps; false when the examiner is not assigned to the exam. */
  setExaminerRoom(examId: string, examinerId: string, roomId: string | null): Promise<boolean>;
  candidate(registrationId: string): Promise<CandidateRow | undefined>;
  /** Checks a registration in if the exam is assigned to the examiner, in one statement (see the implementation). */
  admit(
    examId: string,
    registrationId: string,
    examinerId: string,
    at: Date,
  ): Promise<(CandidateRow & { admittedAt: Date | null }) | undefined>;
  lookup(examId: string, match: { phone: string } | { idNumber: string }): Promise<CandidateRow[]>;
  examiners(examId: string): Promise<AssignedExaminerRow[]>;
  /** Assigns once: assigning again keeps the first assignment and its time. */
  assignExaminer(examId: string, examinerId: string, at: Date): Promise<void>;
  unassignExaminer(examId: string, examinerId: string): Promise<boolean>;
}

// --- the operators' console ---

export interface OperatorsRepository {
  /** Every operator with its account and who invited it, oldest first. */
  list(): Promise<OperatorListRow[]>;
  /** The operator a phone (E.164) belongs to, if any. */
  byPhone(phone: string): Promise<OperatorListRow | undefined>;
  byUser(userId: string): Promise<OperatorListRow | undefined>;
  /** Makes an account an operator; false when it already is one. */
  add(row: {
    userId: string;
    permissions: OpsPermission[];
    invitedAt: Date;
    invitedBy: string | null;
  }): Promise<boolean>;
  /** Ends an operator's standing; false when it was not one. */
  remove(userId: string): Promise<boolean>;
  /** Renames an operator's account (its name as the console and the audit log show it). */
  rename(userId: string, name: string): Promise<void>;
  touchLogin(userId: string, at: Date): Promise<void>;
  count(): Promise<number>;
}

/** The audit log: rows are only ever added (the database refuses UPDATE and DELETE on the table). */
export interface AuditRepository {
  append(row: AuditRow): Promise<void>;
  /** Newest first. */
  page(filter: AuditFilter, offset: number, limit: number): Promise<Page<AuditRow>>;
  /** Every row the filter finds, newest first (the export). */
  matching(filter: AuditFilter): Promise<AuditRow[]>;
}

/** Test centers' verification (the operators' queue): read with what an operator checks, changed state by state. */
export interface CenterVerificationRepository {
  /** Centers of a status (any without), oldest submission first; `text` is part of the name, tax ID or phone. */
  page(
    filter: { status?: CenterVerificationStatus; text?: string },
    offset: number,
    limit: number,
  ): Promise<Page<VerificationRow>>;
  byId(id: string): Promise<VerificationRow | undefined>;
  /** Moves a center from one of `from` to the change's status; false when it was in none of them. */
  decide(id: string, from: readonly CenterVerificationStatus[], change: VerificationChange): Promise<boolean>;
  /** The center's license file, for an operator to read. */
  license(id: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

/** The catalog as operators keep it: categories and organizations, with how much names each. */
export interface CatalogAdminRepository {
  categoriesPage(filter: CatalogFilter, offset: number, limit: number): Promise<Page<CategoryWithCount>>;
  category(id: string): Promise<CategoryWithCount | undefined>;
  /** Adds a category; false when its code is taken (whatever its case). */
  insertCategory(row: Omit<CategoryRow, 'retiredAt'>): Promise<boolean>;
  updateCategory(id: string, values: Partial<Pick<CategoryRow, 'nameZh' | 'nameEn' | 'retiredAt'>>): Promise<boolean>;
  organizationsPage(filter: CatalogFilter, offset: number, limit: number): Promise<Page<OrganizationWithCount>>;
  organization(id: string): Promise<OrganizationWithCount | undefined>;
  insertOrganization(row: Omit<OrganizationRow, 'retiredAt'>): Promise<void>;
  updateOrganization(
    id: string,
    values: Partial<Pick<OrganizationRow, 'nameZh' | 'nameEn' | 'retiredAt'>>,
  ): Promise<boolean>;
}

/** The dashboard's figures, each counted or summed by the database. */
export interface DashboardRepository {
  /** Every Beijing day from `firstDay` to `lastDay` (YYYY-MM-DD, both included), oldest first, none left out. */
  days(firstDay: string, lastDay: string): Promise<DashboardDayRow[]>;
  /** Exams (not canceled) starting in [from, until), soonest first, at most `limit`. */
  exams(from: Date, until: Date, limit: number): Promise<DashboardExamRow[]>;
  /** Admitted and checked-in registrations over every exam (not canceled) that started in [from, until). */
  checkin(from: Date, until: Date): Promise<{ admitted: number; checkedIn: number }>;
  pendingCenters(): Promise<number>;
  /** Refunds given up as failed: how many, and what they owe. */
  failedRefunds(): Promise<{ count: number; amountFen: number }>;
}

/** Candidates as support looks them up: individual accounts with their registrations and orders. */
export interface SupportRepository {
  /** Individual accounts by login phone (E.164) or by their profile's ID number (whole), oldest first. */
  candidates(match: { phone: string } | { idNumber: string }, now: Date): Promise<SupportCandidateRow[]>;
  /**
   * One candidate; `forUpdate` locks the account's row until the transaction ends, so no registration, order or
   * session can be added to it meanwhile (their foreign keys wait on the lock).
   */
  candidate(userId: string, now: Date, forUpdate?: boolean): Promise<SupportCandidateRow | undefined>;
  /** Every registration of the candidate, newest first. */
  registrationsOf(userId: string): Promise<SupportRegistrationRow[]>;
  /** Every order the candidate made, newest first. */
  ordersOf(userId: string): Promise<OpsOrderListRow[]>;
  /** What the account holds, counted (read in the erasure's transaction). */
  erasureFacts(userId: string): Promise<ErasureFacts>;
  /**
   * Deletes the account and everything of it: orders (none paid) with their items, registrations (none live, none
   * with a result), groups it coordinates, its login codes; sessions, profile, avatars and documents go with it.
   */
  eraseAccount(userId: string, phone: string): Promise<void>;
  /**
   * Strips the account of who it is (phone, name, the profile's ID number, contact details, address with its province
   * and city, date of birth, gender and photo; its avatars; the name and phone on the groups it coordinates) and
   * marks it anonymized; its records stay. Sessions are ended by the caller.
   */
  anonymizeAccount(userId: string, now: Date): Promise<void>;
}

// --- rooms and seats ---

/** A center's rooms, the rooms each exam uses, and who sits where. */
export interface SeatingRepository {
  rooms(centerId: string): Promise<RoomRow[]>;
  room(id: string, centerId: string): Promise<RoomRow | undefined>;
  insertRoom(row: RoomRow): Promise<void>;
  updateRoom(id: string, centerId: string, write: RoomWrite): Promise<RoomRow | undefined>;
  /** Deletes a room no exam uses; false when an exam uses it (or it is not the center's). */
  deleteRoom(id: string, centerId: string): Promise<boolean>;
  examRooms(examId: string): Promise<RoomRow[]>;
  /** The exam uses exactly `roomIds` from now on; seats in rooms it no longer uses are cleared first. */
  setExamRooms(examId: string, roomIds: string[]): Promise<void>;
  setTicketsRelease(examId: string, at: Date | null): Promise<void>;
  /** Live registrations (awaiting payment, registered, checked in) with and without a seat. */
  seatingCounts(examId: string): Promise<{ seated: number; unseated: number }>;
  /** The exam's live registrations, oldest first, with their group registration if a group paid for them. */
  candidates(examId: string): Promise<SeatingCandidateRow[]>;
  /** Clears the seat of every registration of the exam (before writing a whole new allocation). */
  clearSeats(examId: string): Promise<void>;
  /** Writes the seats in one statement; `bumpVersion` makes each one's older tickets invalid. */
  assignSeats(examId: string, seats: SeatWrite[], bumpVersion: boolean): Promise<void>;
  markAllocated(examId: string, at: Date): Promise<void>;
  /** Active exams whose registration has closed, not started yet, with rooms and a live registration without seat. */
  examsToSeat(now: Date): Promise<string[]>;
  /** Room and seat of each registration, and its ID photo when `withPhotos` (the printed ticket). */
  ticketSheets(registrationIds: string[], withPhotos: boolean): Promise<TicketSheetRow[]>;
  ticketVersion(registrationId: string): Promise<number | undefined>;
  /** The exam's seated live registrations by room and seat, with name, ID number and ID photo (the door lists). */
  doorSheets(examId: string, withPhotos: boolean): Promise<DoorSheetRow[]>;
}

/** Every repository, by name, over one connection (the app's database, or one transaction). */
/** Orders and their money as operators with `finance` see them. */
export interface OrderDeskRepository {
  /** The orders the search finds, newest first; all of them when `limit` is undefined. */
  page(
    filter: OrderDeskFilter,
    offset: number,
    limit: number | undefined,
  ): Promise<{ rows: OpsOrderListRow[]; total: number }>;
  order(id: string): Promise<OpsOrderListRow | undefined>;
  registrations(orderId: string): Promise<OrderRegistrationRow[]>;
  /** The order's refunds, oldest first, with who asked for the manual ones. */
  refunds(orderId: string): Promise<OrderRefundRow[]>;
  /** The provider notifications that named the order, oldest first. */
  paymentEvents(orderId: string): Promise<PaymentEventRow[]>;
  /** Every order that paid for one of these registrations, oldest first, with its exam. */
  ordersOfRegistrations(registrationIds: string[]): Promise<RegistrationOrderRow[]>;
  /** Operators' retries of these refunds (the audit log's refund.retry rows), oldest first. */
  refundRetries(refundIds: string[]): Promise<RefundRetryRow[]>;
  /** The payments of this provider the platform recorded in [from, until): orders by when they were paid. */
  paymentsBetween(provider: string, from: Date, until: Date): Promise<PlatformPaymentRow[]>;
  /** The refunds of this provider that succeeded in [from, until). */
  refundsBetween(provider: string, from: Date, until: Date): Promise<PlatformRefundRow[]>;
  /** These orders as payments, whatever their state. */
  paymentsOf(orderIds: string[]): Promise<PlatformPaymentRow[]>;
  /** These refunds, whatever their state. */
  refundsOf(refundIds: string[]): Promise<PlatformRefundRow[]>;
}

/** Fapiao requests: the payer's, one standing per order (a unique index), and the operators' desk of them. */
export interface FapiaoRepository {
  /** Records a request; a second standing one for the order fails on the index `fapiao_requests_order_uq`. */
  insert(row: Omit<FapiaoRow, 'status' | 'note' | 'updatedAt'>): Promise<FapiaoRow>;
  /** The order's newest request: the standing one if any, else the last rejected. */
  latestOfOrder(orderId: string): Promise<FapiaoRow | undefined>;
  /** Requests in `status` (every one when undefined), the longest waiting first. */
  page(
    status: FapiaoStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: FapiaoDeskRow[]; total: number }>;
  one(id: string): Promise<FapiaoDeskRow | undefined>;
  /** Marks a still requested one issued or rejected; undefined when it is not (any more) requested. */
  decide(id: string, status: 'issued' | 'rejected', note: string, at: Date): Promise<FapiaoRow | undefined>;
}

/** One outbox row to write (db/schema.ts notifications); `dedupeKey` already names the channel. */
export interface NotificationInsert {
  id: string;
  userId: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  params: Record<string, unknown>;
  locale: DocumentLocale;
  dedupeKey: string;
  /** sent for in-app rows (visible at once), pending for the others. */
  status: 'pending' | 'sent';
  nextAttemptAt: Date;
  sentAt: Date | null;
}

/** Who a notification goes to and how they take it. */
export interface NotificationRecipientRow {
  phone: string;
  email: string;
  locale: DocumentLocale;
  notifySms: boolean;
  notifyEmail: boolean;
  /** Anonymized accounts get nothing. */
  anonymized: boolean;
}

export interface NotificationsRepository {
  /** The account's contact details and choices; null when there is no such account. */
  recipient(userId: string): Promise<NotificationRecipientRow | null>;
  /** Writes the rows; one whose dedupe key exists already is left out (an event is told once). */
  enqueue(rows: NotificationInsert[]): Promise<void>;
  /**
   * Claims up to `limit` pending rows due at `now` whose lease (if any) ran out, oldest due first, skipping rows
   * another worker is claiming (FOR UPDATE SKIP LOCKED): each gets `locked_until = leaseUntil` and is this caller's.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<NotificationRow[]>;
  /**
   * Records how a claimed row's delivery ended and lets go of its lease; false (nothing changed) when the row is no
   * longer held under `lease` (it ran out and another worker took the row).
   */
  settle(id: string, lease: Date, outcome: NotificationSettlement): Promise<boolean>;
  /** The account's in-app notifications, newest first, and how many are unread. */
  inbox(userId: string, offset: number, limit: number): Promise<Page<NotificationRow> & { unread: number }>;
  unreadCount(userId: string): Promise<number>;
  /** Marks the account's own in-app rows read (these ids, or all); ids of other accounts' rows change nothing. */
  markRead(userId: string, ids: string[] | 'all', at: Date): Promise<void>;
  /** Switches channels and sets the language messages are written in (only what is given changes). */
  saveSettings(userId: string, settings: { sms?: boolean; email?: boolean; locale?: DocumentLocale }): Promise<void>;
  /**
   * Paid registrations of active exams due their `days`-day reminder at `now` (09:00 on the exam's clock, `days`
   * calendar days before its date), booked before that moment and not reminded yet, while it is still the right
   * reminder (before the next one's moment, before the start).
   */
  dueReminders(days: number, nextDays: number | null, now: Date, limit: number): Promise<RegistrationNoticeRow[]>;
  /**
   * Seated paid registrations of active exams whose tickets were released by `now` (the center's date, else
   * `defaultReleaseDays` before the start) and that were not told yet, before the start.
   */
  releasedTickets(now: Date, defaultReleaseDays: number, limit: number): Promise<RegistrationNoticeRow[]>;
  /** The exam's registrations in these statuses and whose they are (who an exam's news goes to). */
  examAudience(examId: string, statuses: RegistrationStatus[]): Promise<{ registrationId: string; userId: string }[]>;
}

/** How one delivery ended: sent, skipped (nowhere to send), tried again later (or deferred), or failed for good. */
export type NotificationSettlement =
  | { status: 'sent'; sentAt: Date; attempts: number }
  | { status: 'skipped'; lastError: string }
  | { status: 'pending'; nextAttemptAt: Date; attempts: number; lastError: string | null }
  | { status: 'failed'; attempts: number; lastError: string };
/** An exam's waiting list (db/schema.ts waitlist_entries); domain/waitlist.ts and domain/seats.ts use it. */
export interface WaitlistRepository {
  /** The candidate's live place (waiting or offered) on the exam's list. */
  liveEntry(examId: string, userId: string): Promise<WaitlistEntryRow | undefined>;
  /** The candidate's live place, locked until the transaction ends. */
  lockLiveEntry(examId: string, userId: string): Promise<WaitlistEntryRow | undefined>;
  /** When the exam's newest place (of any status) was taken; null when nobody has joined its list. */
  lastJoinedAt(examId: string): Promise<Date | null>;
  /** A new waiting place; undefined when the candidate already holds a live one (the unique index says so). */
  join(row: WaitlistEntryRow): Promise<WaitlistEntryRow | undefined>;
  /** The oldest `count` waiting places of the exam -> offered until `expiresAt` (fewer when fewer wait). */
  offerNext(examId: string, count: number, now: Date, expiresAt: Date): Promise<WaitlistEntryRow[]>;
  /** Moves one place from one of `from` to `to` (ended now); undefined when it was no longer in `from`. */
  endEntry(
    id: string,
    from: WaitlistEntryRow['status'][],
    to: WaitlistEntryRow['status'],
    now: Date,
    registrationId?: string,
  ): Promise<WaitlistEntryRow | undefined>;
  /** Every live place of the exam -> closed; answers those that were live, as they were (waiting or offered). */
  closeLine(examId: string, now: Date): Promise<WaitlistEntryRow[]>;
  /** Offered places whose offer has run out by `now`, oldest first. */
  lapsedOffers(now: Date, limit: number): Promise<WaitlistEntryRow[]>;
  /** Exams with live places that no longer take bookings (registration ended, canceled, completed, started). */
  examsToClose(now: Date, limit: number): Promise<string[]>;
  /** The exams on whose lists the candidate holds a live place (waiting or offered). */
  liveExamsOf(userId: string): Promise<string[]>;
  /** The candidate's places, live ones first then the newest, each with its 1-based place among those waiting. */
  entriesOf(userId: string, limit: number): Promise<(WaitlistEntryRow & { position: number | null })[]>;
}

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  otp: OtpRepository;
  profiles: ProfilesRepository;
  catalog: CatalogRepository;
  promotions: PromotionsRepository;
  exams: ExamsRepository;
  seats: SeatsRepository;
  registrations: RegistrationsRepository;
  orders: OrdersRepository;
  payments: PaymentsRepository;
  refunds: RefundsRepository;
  groups: GroupsRepository;
  centers: CentersRepository;
  rosters: RostersRepository;
  results: ResultsRepository;
  examiners: ExaminersRepository;
  operators: OperatorsRepository;
  audit: AuditRepository;
  verification: CenterVerificationRepository;
  catalogAdmin: CatalogAdminRepository;
  dashboard: DashboardRepository;
  support: SupportRepository;
  orderDesk: OrderDeskRepository;
  seating: SeatingRepository;
  notifications: NotificationsRepository;
  waitlist: WaitlistRepository;
  fapiao: FapiaoRepository;
}

/** The repositories of one transaction, and a savepoint in it. */
export interface TransactionRepositories extends Repositories {
  /** Runs `work` in a savepoint: when it throws, only its own writes are undone and the transaction goes on. */
  savepoint<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

/**
 * One database transaction: `work` gets every repository bound to it; the transaction commits when `work` resolves
 * and rolls back when it throws. Domain functions that write more than one statement run them here.
 */
export interface UnitOfWork {
  run<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T>;
}

// --- the waiting room (domain/waitingRoom.ts) ---

/** One request's look at an exam's line (server/store/waitingLine.ts: in process, or Redis for every instance). */
export interface LineVisit {
  examId: string;
  userId: string;
  /**
   * Take a place unless the account holds one: `draw` (a random number in [0, 1)) before the opening, which ranks
   * everyone who came early in random order; `arrival` after it, behind everyone already in line.
   */
  join?: { draw: number } | 'arrival';
  /**
   * Let more people in: the admitted count grows by `perSecond` for each second since it last grew (since `startMs`
   * the first time), never past the line's length. Absent before the opening.
   */
  admit?: { nowMs: number; startMs: number; perSecond: number };
  /**
   * Nobody can draw a place any more (the opening is a few seconds past, or the exam sets none), so a place's rank no
   * longer changes: an instance may answer this account's looks from what it was told before (store/waitingLine.ts).
   */
  ranksFinal?: boolean;
  /** When the line may be forgotten (after registration ends). */
  expiresAtMs: number;
}

export interface LineStanding {
  /** 0-based place of the account; undefined when it holds none. */
  rank: number | undefined;
  /** How many places, from the front, are admitted (a fraction while the next one is on its way). */
  admitted: number;
  length: number;
}

/** An exam's line of places, one per account: the same answer from every server instance sharing it. */
export interface WaitingLine {
  visit(visit: LineVisit): Promise<LineStanding>;
  close(): Promise<void>;
}
