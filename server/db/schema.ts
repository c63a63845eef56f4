import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EXAM_STATUSES, USER_KINDS } from '../../contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

export const userKind = pgEnum('user_kind', USER_KINDS);
export const examStatus = pgEnum('exam_status', EXAM_STATUSES);

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
  },
  (t) => [uniqueIndex('users_phone_kind_uq').on(t.phone, t.kind)],
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
  },
  (t) => [uniqueIndex('categories_code_uq').on(t.code)],
);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
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
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    feeFen: integer('fee_fen').notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    status: examStatus('status').notNull().default('active'),
    arrivalLeadMinutes: integer('arrival_lead_minutes').notNull().default(30),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exams_code_uq').on(t.code),
    index('exams_listing_idx').on(t.status, t.startsAt),
    check('exams_seats_ck', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`),
    check('exams_registration_before_start_ck', sql`${t.registrationEndsAt} <= ${t.startsAt}`),
    check('exams_fee_ck', sql`${t.feeFen} >= 0`),
    check('exams_arrival_lead_ck', sql`${t.arrivalLeadMinutes} > 0`),
  ],
);
