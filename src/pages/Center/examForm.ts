import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { FieldErrorMap } from '@/utils/failure';
import type { BodyOf } from '../../../contract/api';
import type { CenterExam } from '../../../contract/center';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The pickers' format: a wall-clock time in the exam's zone, as the center means it. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** contract/center.ts examDraft's code rule, so an obvious typo is caught before the round trip. */
export const EXAM_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,62}$/;

export interface ExamFormValues {
  code?: string;
  nameZh?: string;
  nameEn?: string;
  categoryId?: string;
  organizationId?: string;
  locationZh?: string;
  locationEn?: string;
  /** Wall-clock times in the exam's zone, whatever zone the browser is in. */
  startsAt?: Dayjs;
  registrationEndsAt?: Dayjs;
  /** Empty: booking opens as soon as the exam is listed. */
  registrationOpensAt?: Dayjs | null;
  waitingRoom?: boolean;
  /** Yuan, as people think of a fee; sent as fen. */
  feeYuan?: number;
  capacity?: number;
  arrivalLeadMinutes?: number;
  accessCode?: string;
}

export type ExamFormField = keyof ExamFormValues;

type OptionalField = 'organizationId' | 'accessCode' | 'registrationOpensAt';
export type ValidExamFormValues = Required<Omit<ExamFormValues, OptionalField>> & Pick<ExamFormValues, OptionalField>;

/** An instant as the wall-clock time it reads in `timeZone`, for a picker that knows no zones. */
export function wallTime(iso: string, timeZone: string): Dayjs {
  return dayjs(dayjs(iso).tz(timeZone).format(DATE_TIME_FORMAT), DATE_TIME_FORMAT);
}

/** A picked wall-clock time, read in `timeZone`, as an ISO instant with that zone's offset. */
export function instantOf(value: Dayjs, timeZone: string): string {
  return dayjs.tz(value.format(DATE_TIME_FORMAT), DATE_TIME_FORMAT, timeZone).format();
}

/** A saved exam as the edit form shows it. */
export function toExamFormValues(exam: CenterExam): ExamFormValues {
  return {
    code: exam.code,
    nameZh: exam.name.zh,
    nameEn: exam.name.en,
    categoryId: exam.category.id,
    organizationId: exam.organization?.id,
    locationZh: exam.location.zh,
    locationEn: exam.location.en,
    startsAt: wallTime(exam.startsAt, exam.timeZone),
    registrationEndsAt: wallTime(exam.registrationEndsAt, exam.timeZone),
    registrationOpensAt: exam.registrationOpensAt ? wallTime(exam.registrationOpensAt, exam.timeZone) : null,
    waitingRoom: exam.waitingRoom,
    feeYuan: exam.feeFen / 100,
    capacity: exam.capacity,
    arrivalLeadMinutes: exam.arrivalLeadMinutes,
    accessCode: exam.accessCode ?? undefined,
  };
}

/**
 * The create or update request from validated values. No organization, no access code and no opening time are sent
 * as null, so clearing one clears it.
 */
export function toExamDraft(values: ValidExamFormValues, timeZone: string): BodyOf<'createExam'> {
  const accessCode = values.accessCode?.trim();
  return {
    code: values.code.trim().toUpperCase(),
    name: { zh: values.nameZh.trim(), en: values.nameEn.trim() },
    categoryId: values.categoryId,
    organizationId: values.organizationId ?? null,
    location: { zh: values.locationZh.trim(), en: values.locationEn.trim() },
    startsAt: instantOf(dayjs(values.startsAt), timeZone),
    registrationEndsAt: instantOf(dayjs(values.registrationEndsAt), timeZone),
    registrationOpensAt: values.registrationOpensAt ? instantOf(dayjs(values.registrationOpensAt), timeZone) : null,
    waitingRoom: values.waitingRoom,
    feeFen: Math.round(values.feeYuan * 100),
    capacity: values.capacity,
    arrivalLeadMinutes: values.arrivalLeadMinutes,
    accessCode: accessCode || null,
  };
}

/** Where the server's refusals of a save land: the fields its paths and codes concern, and what each field says. */
export const EXAM_FIELD_ERRORS: FieldErrorMap<ExamFormField> = {
  paths: {
    code: 'code',
    'name.zh': 'nameZh',
    'name.en': 'nameEn',
    categoryId: 'categoryId',
    organizationId: 'organizationId',
    'location.zh': 'locationZh',
    'location.en': 'locationEn',
    startsAt: 'startsAt',
    registrationEndsAt: 'registrationEndsAt',
    registrationOpensAt: 'registrationOpensAt',
    feeFen: 'feeYuan',
    capacity: 'capacity',
    arrivalLeadMinutes: 'arrivalLeadMinutes',
    accessCode: 'accessCode',
  },
  invalid: {
    code: 'pages.center.exam.code.invalid',
    nameZh: 'pages.center.exam.nameZh.required',
    nameEn: 'pages.center.exam.nameEn.required',
    categoryId: 'pages.center.exam.category.required',
    organizationId: 'errors.ORGANIZATION_INVALID',
    locationZh: 'pages.center.exam.locationZh.required',
    locationEn: 'pages.center.exam.locationEn.required',
    startsAt: 'pages.center.exam.startsAt.required',
    registrationEndsAt: 'errors.REGISTRATION_ENDS_AFTER_START',
    registrationOpensAt: 'errors.REGISTRATION_OPENS_AFTER_END',
    feeYuan: 'pages.center.exam.fee.range',
    capacity: 'pages.center.exam.capacity.range',
    arrivalLeadMinutes: 'pages.center.exam.arrivalLeadMinutes.range',
    accessCode: 'pages.center.exam.accessCode.invalid',
  },
  codes: {
    EXAM_CODE_TAKEN: 'code',
    EXAM_CAPACITY_EXCEEDS_CENTER: 'capacity',
    EXAM_CAPACITY_BELOW_TAKEN: 'capacity',
    REGISTRATION_ENDS_AFTER_START: 'registrationEndsAt',
    REGISTRATION_OPENS_AFTER_END: 'registrationOpensAt',
    ORGANIZATION_INVALID: 'organizationId',
  },
};

/** A canceled, completed or started exam can no longer be changed or canceled (the server says so too). */
export function isEditable(exam: CenterExam, now = Date.now()): boolean {
  return (exam.status === 'active' || exam.status === 'inactive') && Date.parse(exam.startsAt) > now;
}
