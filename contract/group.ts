import { z } from 'zod';
import { phoneInput } from './auth';
import { accessCode, admissionToken, expectedTotalFen, orderView, promoCode, registrationStatus } from './booking';
import { examSummary } from './catalog';
import { fen, id, isoDateTime, type localizedText, requiredText } from './common';
import { GROUP_ROW_REASONS } from './groupRowReasons';
import { groupTemplate } from './paths/group';
import { gender } from './profile';

/**
 * Group registration: a coordinator names the exam (step 1), uploads a spreadsheet of members (step 2: each row
 * accepted or rejected with reasons), pays one order for every accepted member (step 3), then prints every ticket.
 * The column headers and template notes below are part of the file format the server writes and reads, so they
 * live here in both languages rather than in the front end's locale files.
 */

/** A group file is at most this many bytes (the spec's image limit, applied to spreadsheets too). */
export const GROUP_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** At most this many member rows per file (not counting the header or blank rows). */
export const GROUP_MAX_ROWS = 1000;

/**
 * The columns of a group file, in template order, with the header the template writes in each language. A file
 * may use either language, both ("姓名 / Name"), or one of the aliases; columns may come in any order.
 */
export const GROUP_COLUMNS = {
  name: { zh: '姓名', en: 'Name', required: true, aliases: ['fullname', 'studentname', 'candidatename', '学生姓名'] },
  phone: {
    zh: '手机号',
    en: 'Phone',
    required: true,
    aliases: ['phonenumber', 'mobile', 'mobilephone', 'mobilenumber', '手机', '手机号码', '联系电话', '电话'],
  },
  idNumber: {
    zh: '身份证号',
    en: 'ID card number',
    required: true,
    aliases: ['idnumber', 'idcard', 'idcardno', 'idno', '身份证', '身份证号码', '证件号码'],
  },
  gender: { zh: '性别', en: 'Gender', required: false, aliases: ['sex'] },
  dateOfBirth: {
    zh: '出生日期',
    en: 'Date of birth',
    required: false,
    aliases: ['birthdate', 'dob', 'birthday', '生日'],
  },
} as const satisfies Record<string, { zh: string; en: string; required: boolean; aliases: readonly string[] }>;
export type GroupColumn = keyof typeof GROUP_COLUMNS;
export const GROUP_COLUMN_KEYS = Object.keys(GROUP_COLUMNS) as [GroupColumn, ...GroupColumn[]];

/** Why a row was refused: groupRowReasons.ts lists the codes and the column each one is about. */
export const groupRowReason = z.enum(GROUP_ROW_REASONS);

/** An accepted member; `registrationId` and `status` once the group has checked out. */
export const groupMember = z.object({
  /** The spreadsheet row number (the header is row 1), as Excel shows it. */
  row: z.number().int().positive(),
  name: z.string(),
  /** E.164. */
  phone: z.string(),
  maskedIdNumber: z.string(),
  gender: gender,
  /** yyyy-mm-dd, from the ID number. */
  dateOfBirth: z.string(),
  registrationId: id.nullable(),
  status: registrationStatus.nullable(),
  /** The coordinator may cancel this member's seat now: paid for, and not within the change lock. */
  canCancel: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMember>;

export const groupRejectedRow = z.object({
  row: z.number().int().positive(),
  /**
   * What the row held in each column, as typed (may be empty; a valid ID card number masked), so that each reason
   * can show the value it refuses (GROUP_ROW_REASON_COLUMN).
   */
  name: z.string(),
  phone: z.string(),
  idNumber: z.string(),
  gender: z.string(),
  dateOfBirth: z.string(),
  reasons: z.array(groupRowReason).min(1),
  /** For DUPLICATE_*: the earlier row with the same phone or ID number. */
  duplicateOfRow: z.number().int().positive().nullable(),
});
export type GroupRejectedRow = z.infer<typeof groupRejectedRow>;

export const groupCoordinator = z
  .object({
    name: requiredText(50),
    phone: phoneInput,
    organization: requiredText(100),
  })
  .strict();
export type GroupCoordinator = z.infer<typeof groupCoordinator>;

/** Step 1 (Your Information): who coordinates, and for which exam. */
export const groupCreateRequest = z
  .object({
    examId: id,
    coordinator: groupCoordinator,
    accessCode: accessCode.optional(),
  })
  .strict();
export type GroupCreateRequest = z.infer<typeof groupCreateRequest>;

export const groupView = z.object({
  id,
  exam: examSummary,
  coordinator: z.object({ name: z.string(), phone: z.string(), organization: z.string() }),
  /** The last file accepted for reading (a new upload replaces it); null before the first. */
  upload: z
    .object({
      fileName: z.string(),
      uploadedAt: isoDateTime,
      /** Rows read: accepted plus rejected. */
      totalParticipants: z.number().int().nonnegative(),
      accepted: z.array(groupMember),
      rejected: z.array(groupRejectedRow),
    })
    .nullable(),
  /** The group's order once it has checked out (the newest, if an earlier one expired). */
  order: orderView.nullable(),
  /** A new file may be uploaded: no order is pending or paid. */
  canUpload: z.boolean(),
  /** From this instant on (CHANGE_LOCK_HOURS before the test), no member's seat can be canceled. */
  lockedFrom: isoDateTime,
});
export type GroupView = z.infer<typeof groupView>;

export const groupIdParams = z.object({ id });
export const groupMemberParams = z.object({ id, registrationId: id });

/**
 * The coordinator canceled one member's seat: the group as it is now, and what goes back to the coordinator's
 * payment for that seat (the member's share of the order). The member is told by SMS.
 */
export const groupMemberCancelResponse = z.object({ group: groupView, refundFen: fen });
export type GroupMemberCancelResponse = z.infer<typeof groupMemberCancelResponse>;

export const groupPriceRequest = z.object({ promoCode: promoCode.optional() }).strict();
export type GroupPriceRequest = z.infer<typeof groupPriceRequest>;

/** Pay now: the promo code of the lines shown and their total, which the order must come to (else PRICE_CHANGED). */
export const groupCheckoutRequest = groupPriceRequest.extend({
  expectedTotalFen,
  /** The coordinator's waiting-room admission (QueueStatus.admission.token): required while the exam's room is on. */
  admissionToken: admissionToken.optional(),
});
export type GroupCheckoutRequest = z.infer<typeof groupCheckoutRequest>;

/** `GET /api/front/group-template?format=xlsx|csv`: a file download, not an envelope. */
export const GROUP_TEMPLATE_PATH = groupTemplate.path;
export const groupTemplateQuery = z.object({ format: z.enum(['xlsx', 'csv']) });

/** The notes sheet of the template: what each column takes, in both languages. */
export const GROUP_TEMPLATE_NOTES: Record<GroupColumn, z.infer<typeof localizedText>> = {
  name: { zh: '必填。与身份证一致的姓名。', en: 'Required. The name as on the ID card.' },
  phone: {
    zh: '必填。中国大陆手机号（11 位）。成员用此号码登录查看自己的准考证。',
    en: 'Required. A mainland China mobile number (11 digits). The member logs in with it to see their own ticket.',
  },
  idNumber: {
    zh: '必填。18 位居民身份证号码。请将此列设为"文本"格式，否则 Excel 会丢失后几位。',
    en: 'Required. The 18-character resident ID card number. Format this column as Text, or Excel drops the last digits.',
  },
  gender: { zh: '选填。男 或 女；须与身份证号一致。', en: 'Optional. Male or female; must agree with the ID number.' },
  dateOfBirth: {
    zh: '选填。yyyy-mm-dd；须与身份证号一致。',
    en: 'Optional. yyyy-mm-dd; must agree with the ID number.',
  },
};
