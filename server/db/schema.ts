import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_KINDS,
  type AuditAction,
  CENTER_VERIFICATION_STATUSES,
  EXAM_STATUSES,
  FAPIAO_STATUSES,
  GENDERS,
  type Gender,
  type GroupRejectedRow,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATUSES,
  OPS_PERMISSIONS,
  ORDER_PURPOSES,
  ORDER_STATUSES,
  PROMOTION_KINDS,
  type PriceBreakdown,
  REGISTRATION_STATUSES,
  RESULT_OUTCOMES,
  type RefundReason,
  WAITLIST_STATUSES,
} from '../../contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const userKind = pgEnum('user_kind', ACCOUNT_KINDS);
export const opsPermission = pgEnum('ops_permission', OPS_PERMISSIONS);
export const centerVerificationStatus = pgEnum('center_verification_status', CENTER_VERIFICATION_STATUSES);

export const examStatus = pgEnum('exam_status', EXAM_STATUSES);
export const gender = pgEnum('gender', GENDERS);
export const registrationStatus = pgEnum('registration_status', REGISTRATION_STATUSES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderPurpose = pgEnum('order_purpose', ORDER_PURPOSES);
export const resultOutcome = pgEnum('result_outcome', RESULT_OUTCOMES);
/** promotion: a discount at checkout for whoever types the code; invitation: a referral saved on the profile. */
export const promotionKind = pgEnum('promotion_kind', PROMOTION_KINDS);
/**
 * requested (booked, not yet accepted by the provider) -> processing (the provider accepted it and pays it out later)
 * -> succeeded; or failed, for an operator. The payer sees processing as requested: the money is not back yet.
 */
export const REFUND_STATUSES = ['requested', 'processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** E.164, e.g. +8613800138000. One account per phone and kind. */
    phone: varchar('phone', { length: 16 }).notNull(),
    kind: userKind('kind').notNull(),
    name: text('name').notNull().default(''),
    avatarSmall: text('avatar_small'),
    createdAt: createdAt(),
    /** When support anonymized the account on request (PIPL): its phone, name and personal data are gone. */
    anonymizedAt: instant('anonymized_at'),
    /** The language the app was last used in (en-US or zh-CN): notifications are written in it. */
    locale: varchar('locale', { length: 5 }).notNull().default('zh-CN'),
  },
  (t) => [uniqueIndex('users_phone_kind_uq').on(t.phone, t.kind).where(sql`${t.anonymizedAt} IS NULL`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token (hex); the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey(),
    phone: varchar('phone', { length: 16 }).notNull(),
    kind: userKind('kind').notNull(),
    /** HMAC-SHA256(APP_SECRET, phone|kind|code), hex. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: instant('consumed_at'),
    requesterIp: varchar('requester_ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_kind_idx').on(t.phone, t.kind, t.createdAt)],
);

export const provinces = pgTable('provinces', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    code: varchar('code', { length: 4 }).primaryKey(),
    provinceCode: varchar('province_code', { length: 2 })
      .notNull()
      .references(() => provinces.code),
    name: text('name').notNull(),
    /** Empty on a deployment older than the English names until reference.ts fills it at start. */
    nameEn: text('name_en').notNull().default(''),
  },
  (t) => [index('cities_province_idx').on(t.provinceCode)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Retired by an operator: no new exam names it (those that do keep it). Never deleted once in use. */
    retiredAt: instant('retired_at'),
  },
  // A code is unique whatever its case: operators type SPORTS where the reference data says sports.
  (t) => [
    uniqueIndex('categories_code_uq').on(t.code),
    uniqueIndex('categories_code_lower_uq').on(sql`lower(${t.code})`),
  ],
);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Retired by an operator: profiles can no longer choose it (those that did keep it). */
  retiredAt: instant('retired_at'),
});

/** Where a center or an exam is: a province and a city of the GB/T 2260 reference tables. */
function placeColumns() {
  return {
    provinceCode: varchar('province_code', { length: 2 })
      .notNull()
      .references(() => provinces.code),
    cityCode: varchar('city_code', { length: 4 })
      .notNull()
      .references(() => cities.code),
  };
}

export const testCenters = pgTable('test_centers', {
  id: uuid('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  ...placeColumns(),
  addressZh: text('address_zh').notNull(),
  addressEn: text('address_en').notNull(),
  capacity: integer('capacity').notNull(),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 16 }).notNull().default(''),
  /** The test center account that runs this center (demo centers have none). */
  ownerId: uuid('owner_id')
    .unique('test_centers_owner_uq')
    .references((): AnyPgColumn => users.id),
  /** The unified social credit code (GB 32100), or empty. */
  taxId: varchar('tax_id', { length: 18 }).notNull().default(''),
  licenseId: uuid('license_id').references((): AnyPgColumn => documents.id),
  logoId: uuid('logo_id').references((): AnyPgColumn => documents.id),
  /** Only an approved center's exams are listed and bookable; a new center waits for an operator (pending). */
  verificationStatus: centerVerificationStatus('verification_status').notNull().default('pending'),
  /** The operator's reason for a rejection, shown to the center. */
  verificationReason: text('verification_reason'),
  verificationDecidedAt: instant('verification_decided_at'),
  verificationDecidedBy: uuid('verification_decided_by').references((): AnyPgColumn => users.id),
  /** When the center's profile was first completed: the verification queue's order. */
  submittedAt: instant('submitted_at').notNull().defaultNow(),
});

export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    /** When set, booking needs this code; it never leaves the server. */
    accessCode: varchar('access_code', { length: 64 }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    centerId: uuid('center_id')
      .notNull()
      .references(() => testCenters.id),
    locationZh: text('location_zh').notNull(),
    locationEn: text('location_en').notNull(),
    ...placeColumns(),
    startsAt: instant('starts_at').notNull(),
    registrationEndsAt: instant('registration_ends_at').notNull(),
    /** When booking opens; null: open as soon as the exam is published. Before it candidates see a countdown. */
    registrationOpensAt: instant('registration_opens_at'),
    /** Booking needs an admission token from the exam's waiting room (domain/waitingRoom.ts). */
    waitingRoom: boolean('waiting_room').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    feeFen: integer('fee_fen').notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    status: examStatus('status').notNull().default('active'),
    arrivalLeadMinutes: integer('arrival_lead_minutes').notNull().default(30),
    /** When candidates get their tickets (room and seat final); null: 7 days before the start (domain/seating.ts). */
    ticketsReleaseAt: instant('tickets_release_at'),
    /** When seats were last allocated; the closing job seats whoever booked after it. Null: never allocated. */
    seatsAllocatedAt: instant('seats_allocated_at'),
    /** When the center published the results (certificates issued); null before. */
    resultsPublishedAt: instant('results_published_at'),
    canceledAt: instant('canceled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exams_code_uq').on(t.code),
    index('exams_listing_idx').on(t.status, t.startsAt),
    check('exams_seats_ck', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
    check('exams_registration_before_start_ck', sql`${t.registrationEndsAt} <= ${t.startsAt}`),
    check('exams_fee_ck', sql`${t.feeFen} >= 0`),
    check('exams_arrival_lead_ck', sql`${t.arrivalLeadMinutes} > 0`),
    check(
      'exams_registration_opens_ck',
      sql`${t.registrationOpensAt} IS NULL OR ${t.registrationOpensAt} < ${t.registrationEndsAt}`,
    ),
  ],
);

/** A center's exam rooms: where it seats candidates, `seats` numbered 1..seats. A name is unique per center. */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey(),
    centerId: uuid('center_id')
      .notNull()
      .references(() => testCenters.id),
    name: text('name').notNull(),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    seats: integer('seats').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rooms_center_name_uq').on(t.centerId, t.name), check('rooms_seats_ck', sql`${t.seats} > 0`)],
);

/** The rooms an exam uses (its center's own); their seats together cover the exam's capacity. */
export const examRooms = pgTable(
  'exam_rooms',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id),
  },
  (t) => [primaryKey({ columns: [t.examId, t.roomId] }), index('exam_rooms_room_idx').on(t.roomId)],
);

/**
 * Promotion and invitation codes: a percentage (basis points) or a fixed amount off, within a validity window, at most
 * `usage_cap` paid orders, for every exam or only one exam or one category. Codes are stored upper case.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    kind: promotionKind('kind').notNull(),
    discountBps: integer('discount_bps'),
    amountFen: integer('amount_fen'),
    validFrom: instant('valid_from').notNull(),
    validUntil: instant('valid_until').notNull(),
    /** Most orders that may use it (pending or paid), or null for no cap. */
    usageCap: integer('usage_cap'),
    /** The one exam it is limited to, or null. */
    examId: uuid('exam_id').references(() => exams.id),
    /** The one category it is limited to, or null. */
    categoryId: uuid('category_id').references(() => categories.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_uq').on(t.code),
    check('promotions_one_kind_ck', sql`(${t.discountBps} IS NULL) <> (${t.amountFen} IS NULL)`),
    check('promotions_bps_ck', sql`${t.discountBps} IS NULL OR ${t.discountBps} BETWEEN 0 AND 10000`),
    check('promotions_amount_ck', sql`${t.amountFen} IS NULL OR ${t.amountFen} >= 0`),
    check('promotions_window_ck', sql`${t.validUntil} > ${t.validFrom}`),
    check('promotions_cap_ck', sql`${t.usageCap} IS NULL OR ${t.usageCap} > 0`),
    check('promotions_one_scope_ck', sql`${t.examId} IS NULL OR ${t.categoryId} IS NULL`),
  ],
);

/** Uploaded avatars, resized on upload; the row is the user's avatar once a profile save names it. */
export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    /** At most 512 px on the long side: the profile and the ticket. */
    image: bytea('image').notNull(),
    /** 96 x 96: the header (currentUser's avatar_small). */
    small: bytea('small').notNull(),
    /** A center or operator found it unfit for a ticket (not a face, not the candidate): the ticket waits for a new one. */
    rejectedAt: instant('rejected_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user_idx').on(t.userId)],
);

/** A candidate's personal profile (spec section 3); the name lives on `users`. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gender: gender('gender'),
  email: text('email').notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 16 }).notNull().default(''),
  address: text('address').notNull().default(''),
  idNumber: varchar('id_number', { length: 18 }).notNull().default(''),
  organizationId: uuid('organization_id').references(() => organizations.id),
  invitationCode: varchar('invitation_code', { length: 32 }).references(() => promotions.code),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  provinceCode: varchar('province_code', { length: 2 }).references(() => provinces.code),
  cityCode: varchar('city_code', { length: 4 }).references(() => cities.code),
  avatarId: uuid('avatar_id').references(() => avatars.id),
  /** The channels the candidate takes notifications on besides the in-app list (always on). */
  notifySms: boolean('notify_sms').notNull().default(true),
  /** E-mail goes only to a candidate who gave an address. */
  notifyEmail: boolean('notify_email').notNull().default(true),
  updatedAt: createdAt(),
});

/** Statuses that hold a seat: a candidate has at most one of these per exam. */
const LIVE_STATUSES = sql`('pending', 'register', 'checkin')`;

export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    status: registrationStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    checkedInAt: instant('checked_in_at'),
    canceledAt: instant('canceled_at'),
    /** Why it was canceled: candidate, expired (unpaid hold), exam_canceled. */
    cancelReason: varchar('cancel_reason', { length: 32 }),
    /** The examiner who checked the candidate in. */
    checkedInBy: uuid('checked_in_by').references((): AnyPgColumn => users.id),
    /**
     * The room (one the exam uses) and seat number allocated; both null until seats are allocated. A trigger
     * (migration 0008) refuses a seat number beyond the room's seats, and a room shrunk below a seat in use.
     */
    roomId: uuid('room_id'),
    seat: integer('seat'),
    /** Bumped when the seat changes after tickets are released: tokens signed for an older version are refused. */
    ticketVersion: integer('ticket_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('registrations_live_uq').on(t.userId, t.examId).where(sql`${t.status} IN ${LIVE_STATUSES}`),
    uniqueIndex('registrations_seat_uq')
      .on(t.examId, t.roomId, t.seat)
      .where(sql`${t.roomId} IS NOT NULL AND ${t.status} IN ${LIVE_STATUSES}`),
    foreignKey({
      name: 'registrations_exam_room_fk',
      columns: [t.examId, t.roomId],
      foreignColumns: [examRooms.examId, examRooms.roomId],
    }),
    check(
      'registrations_seat_ck',
      sql`(${t.roomId} IS NULL) = (${t.seat} IS NULL) AND (${t.seat} IS NULL OR ${t.seat} > 0)`,
    ),
    index('registrations_user_idx').on(t.userId, t.createdAt),
    index('registrations_exam_idx').on(t.examId, t.status),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: orderPurpose('purpose').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    /** The exam paid for: the booked one, or the target of a change. */
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    breakdown: jsonb('breakdown').$type<PriceBreakdown>().notNull(),
    totalFen: integer('total_fen').notNull(),
    promoCode: varchar('promo_code', { length: 32 }),
    /** The profile's invitation code the order was priced with (its referral discount), or null. */
    invitationCode: varchar('invitation_code', { length: 32 }),
    provider: varchar('provider', { length: 16 }).notNull(),
    qrContent: text('qr_content'),
    providerTransactionId: varchar('provider_transaction_id', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    expiresAt: instant('expires_at').notNull(),
    paidAt: instant('paid_at'),
    closedAt: instant('closed_at'),
    /** What the provider confirmed given back: the sum of the order's succeeded refunds. */
    refundedFen: integer('refunded_fen').notNull().default(0),
    /** What refunds were booked for, whatever their state, so an order never gives back more than it took. */
    refundBookedFen: integer('refund_booked_fen').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_total_ck', sql`${t.totalFen} >= 0`),
    check(
      'orders_refund_ck',
      sql`${t.refundedFen} >= 0 AND ${t.refundedFen} <= ${t.refundBookedFen} AND ${t.refundBookedFen} <= ${t.totalFen}`,
    ),
  ],
);

/** The registrations an order pays for (one for a single booking, many for a group). */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.registrationId] }),
    index('order_items_registration_idx').on(t.registrationId),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountFen: integer('amount_fen').notNull(),
    reason: varchar('reason', { length: 32 }).$type<RefundReason>().notNull(),
    status: refundStatus('status').notNull().default('requested'),
    /** Provider exchanges that failed (refused, unreachable, or an answer we could not use). */
    attempts: integer('attempts').notNull().default(0),
    /** When the sweeper next asks the provider (to refund, or how a processing refund is going). */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** Why the last exchange failed: the provider's code and message, never personal data. */
    lastError: text('last_error'),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    /** The operator's words for a manual refund; null for the others (their reason says why). */
    note: text('note'),
    /** The operator who asked for a manual refund; null for the others. */
    requestedBy: uuid('requested_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    /** When it succeeded, or was given up as failed. */
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} IN ('requested', 'processing')`),
    index('refunds_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    check('refunds_amount_ck', sql`${t.amountFen} > 0`),
    check('refunds_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);

/** Every payment notification received, applied or not: the audit trail of the payment path. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    orderId: uuid('order_id'),
    /** applied, duplicate, late_refunded, rejected; for refund notifications refund_succeeded, refund_failed, refund_duplicate */
    outcome: varchar('outcome', { length: 32 }).notNull(),
    detail: text('detail').notNull().default(''),
    receivedAt: createdAt(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/** The sandbox provider's own ledger: what its wallet was asked to collect and what it collected. */
export const sandboxPayments = pgTable('sandbox_payments', {
  orderId: uuid('order_id').primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  descriptionZh: text('description_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  expiresAt: instant('expires_at').notNull(),
  /** open, paid, closed */
  state: varchar('state', { length: 16 }).notNull().default('open'),
  transactionId: varchar('transaction_id', { length: 64 }),
  paidAt: instant('paid_at'),
  refundedFen: integer('refunded_fen').notNull().default(0),
  notifyUrl: text('notify_url').notNull(),
});

/** The refunds the sandbox paid out, by our refund id: asking again for one it paid answers it, paying nothing. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundId: uuid('refund_id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  amountFen: integer('amount_fen').notNull(),
  refundedAt: instant('refunded_at').notNull(),
});

export const results = pgTable(
  'results',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id),
    outcome: resultOutcome('outcome').notNull(),
    certificateNumber: varchar('certificate_number', { length: 32 }),
    publishedAt: instant('published_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('results_certificate_uq').on(t.certificateNumber)],
);

/** An accepted row of a group file: phone in E.164, the full ID number (checkout fills blank profiles with it). */
export interface GroupMemberRecord {
  row: number;
  name: string;
  phone: string;
  idNumber: string;
  gender: Gender;
  dateOfBirth: string;
}

/**
 * A refused row of a group file as typed, ID number in full (the view masks a valid one). Uploads stored before the
 * rows kept every column have only name and phone.
 */
export type GroupRejectedRecord = Omit<GroupRejectedRow, 'idNumber' | 'gender' | 'dateOfBirth'> &
  Partial<Pick<GroupRejectedRow, 'idNumber' | 'gender' | 'dateOfBirth'>>;

/** What an upload of a group file left: the accepted members and the rejected rows with their reasons. */
export interface GroupUpload {
  fileName: string;
  uploadedAt: string;
  totalParticipants: number;
  accepted: GroupMemberRecord[];
  rejected: GroupRejectedRecord[];
}

/**
 * A coordinator's group registration for one exam: who they are, the last file they uploaded (a new upload
 * replaces it), and the order that pays for every accepted member once they check out.
 */
export const groupRegistrations = pgTable(
  'group_registrations',
  {
    id: uuid('id').primaryKey(),
    coordinatorId: uuid('coordinator_id')
      .notNull()
      .references(() => users.id),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    coordinatorName: text('coordinator_name').notNull(),
    coordinatorPhone: varchar('coordinator_phone', { length: 16 }).notNull(),
    organization: text('organization').notNull(),
    upload: jsonb('upload').$type<GroupUpload>(),
    /** The newest order of the group; an expired one is replaced by the next checkout. */
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [index('group_registrations_coordinator_idx').on(t.coordinatorId, t.createdAt)],
);

/** Files a test center uploads: its business license (image or PDF) and its logo, stored as checked. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** license or logo. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_owner_idx').on(t.ownerId)],
);

/** Spec section 3: an examiner's address and identity ID. */
export const examinerProfiles = pgTable('examiner_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  identityId: varchar('identity_id', { length: 18 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which examiners a center assigned to which of its exams. */
export const examExaminers = pgTable(
  'exam_examiners',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    examinerId: uuid('examiner_id')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The room this examiner keeps the door of; null: the whole exam. */
    roomId: uuid('room_id').references(() => rooms.id),
  },
  (t) => [primaryKey({ columns: [t.examId, t.examinerId] }), index('exam_examiners_examiner_idx').on(t.examinerId)],
);

/** The platform's staff: an `operator` account and what it may do in the console. Removing one deletes its row. */
export const operators = pgTable('operators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  permissions: opsPermission('permissions').array().notNull(),
  invitedAt: instant('invited_at').notNull(),
  /** The operator who invited this one; null when the server's command line added it. */
  invitedBy: uuid('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  lastLoginAt: instant('last_login_at'),
});

/**
 * Every operator action, append-only (a trigger refuses UPDATE and DELETE): written in the same transaction as the
 * change it records. The actor's name and phone are copied, so the row still says who after the operator is removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: instant('at').notNull(),
    /** Null for the server's command line (`npm run operator`). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorPhone: varchar('actor_phone', { length: 16 }).notNull(),
    /** One of the contract's AUDIT_ACTIONS (text, so a new action needs no migration). */
    action: varchar('action', { length: 64 }).$type<AuditAction>().notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The operator's IP address, or 'cli'. */
    address: varchar('address', { length: 64 }).notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);

/**
 * A place on a sold-out exam's waiting list: waiting, then offered (a seat held for the candidate until
 * offer_expires_at; the held seat counts in exams.seats_taken), then accepted (booked), lapsed or declined; or left
 * (the candidate left) or closed (registration ended). One waiting or offered place per candidate and exam.
 */
export const waitlistStatus = pgEnum('waitlist_status', WAITLIST_STATUSES);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey(),
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: waitlistStatus('status').notNull().default('waiting'),
    createdAt: createdAt(),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    endedAt: instant('ended_at'),
    /** The registration that took the offered seat. */
    registrationId: uuid('registration_id').references(() => registrations.id),
  },
  (t) => [
    uniqueIndex('waitlist_live_uq').on(t.examId, t.userId).where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_line_idx').on(t.examId, t.status, t.createdAt),
    index('waitlist_user_idx').on(t.userId, t.createdAt),
    index('waitlist_offers_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
  ],
);

export const notificationChannel = pgEnum('notification_channel', NOTIFICATION_CHANNELS);
export const notificationStatus = pgEnum('notification_status', NOTIFICATION_STATUSES);

/**
 * The outbox: one row per message and channel, written in the same transaction as the change that causes it and
 * delivered by the notification worker, which claims due rows (FOR UPDATE SKIP LOCKED, a lease in locked_until) so
 * each is sent once across instances. In-app rows are the candidate's notification list (read_at when read).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** What happened, e.g. booking.paid, exam.reminder, waitlist.offer (contract/notifications.ts). */
    event: varchar('event', { length: 48 }).notNull(),
    channel: notificationChannel('channel').notNull(),
    /** The values the text is written from (exam name in both languages, times, amounts). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    /** Makes an event's message unique per channel (a reminder is sent once, whoever runs the job). */
    dedupeKey: varchar('dedupe_key', { length: 200 }).notNull(),
    status: notificationStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notifications_user_idx').on(t.userId, t.channel, t.createdAt),
  ],
);

export const fapiaoStatus = pgEnum('fapiao_status', FAPIAO_STATUSES);

/** A request for a fapiao (VAT invoice) for a paid order; at most one not rejected per order. */
export const fapiaoRequests = pgTable(
  'fapiao_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    /** The buyer's unified social credit code or taxpayer ID; empty for a person. */
    taxId: varchar('tax_id', { length: 20 }).notNull(),
    email: text('email').notNull(),
    status: fapiaoStatus('status').notNull().default('requested'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('fapiao_requests_order_uq').on(t.orderId).where(sql`${t.status} <> 'rejected'`),
    index('fapiao_requests_status_idx').on(t.status, t.createdAt),
  ],
);
