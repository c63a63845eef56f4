import type { GroupRejectedRow } from '../../contract/group';
import type { GroupRowReason } from '../../contract/groupRowReasons';
import { idCardBirthDate, idCardGender, isValidIdCard } from '../../contract/idcard';
import { chinaMobileToE164 } from '../../contract/phone';
import type { RawGroupRow } from './groupFile';

/** What the rows are checked against besides each other. */
export interface GroupRowContext {
  /** Seats the exam has left; valid rows beyond them (in row order) are refused. */
  seatsLeft: number;
  /** E.164 phones that hold a live registration for this exam. */
  registeredPhones: ReadonlySet<string>;
  /** E.164 phone -> the ID number saved on that phone's individual account ('' when none is saved). */
  accountIdNumbers: ReadonlyMap<string, string>;
}

/** A row that passed every check, in the forms the rest of the server stores. */
export interface ValidGroupMember {
  row: number;
  name: string;
  /** E.164. */
  phone: string;
  /** Upper-case (a typed 'x' check character becomes 'X'). */
  idNumber: string;
  gender: 'male' | 'female';
  /** yyyy-mm-dd, from the ID number. */
  dateOfBirth: string;
}

const NAME_MAX_CHARACTERS = 50;

const GENDER_WORDS: Record<string, 'male' | 'female'> = {
  男: 'male',
  女: 'female',
  male: 'male',
  female: 'female',
  m: 'male',
  f: 'female',
};

const DATE_FORMATS = [
  /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/, // 2008-03-05, 2008/3/5, 2008.3.5
  /^(\d{4})()(\d{2})(\d{2})$/, // 20080305
  /^(\d{4})年()(\d{1,2})月(\d{1,2})日?$/, // 2008年3月5日
];

/** A typed date of birth as yyyy-mm-dd, or undefined when it is not a date in one of the accepted forms. */
function parseBirthDate(text: string): string | undefined {
  for (const format of DATE_FORMATS) {
    const match = format.exec(text);
    if (!match) continue;
    const [, year, , month, day] = match;
    const iso = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
  }
  return undefined;
}

/** The distinct E.164 phones among the rows, so the caller can look their accounts up before validating. */
export function phonesOf(rows: RawGroupRow[]): string[] {
  const phones = new Set<string>();
  for (const row of rows) {
    const phone = chinaMobileToE164(row.phone);
    if (phone) phones.add(phone);
  }
  return [...phones];
}

type RowCheck = { member: ValidGroupMember } | { reasons: GroupRowReason[]; duplicateOfRow: number | null };

/**
 * Checks each row on its own, against the earlier rows and against the exam. A row collects every reason that
 * applies. Of two rows with the same phone or ID number the later is refused, naming the earlier (valid or not, so
 * two bad copies cannot both pass). Valid rows beyond the seats left are refused as NO_SEATS_LEFT, in row order.
 */
export function validateGroupRows(
  rows: RawGroupRow[],
  context: GroupRowContext,
): { accepted: ValidGroupMember[]; rejected: GroupRejectedRow[] } {
  const firstRowByPhone = new Map<string, number>();
  const firstRowByIdNumber = new Map<string, number>();

  const check = (raw: RawGroupRow): RowCheck => {
    const reasons: GroupRowReason[] = [];
    let duplicateOfRow: number | null = null;

    const name = raw.name.trim();
    if (name === '' || [...name].length > NAME_MAX_CHARACTERS) reasons.push('NAME_REQUIRED');

    const phone = chinaMobileToE164(raw.phone);
    if (!phone) reasons.push('PHONE_INVALID');

    const idNumber = raw.idNumber.trim().toUpperCase();
    const idValid = isValidIdCard(idNumber);
    if (!idValid) reasons.push('ID_NUMBER_INVALID');

    const genderText = raw.gender.trim();
    if (genderText !== '') {
      const gender = GENDER_WORDS[genderText.toLowerCase()];
      if (!gender) reasons.push('GENDER_INVALID');
      else if (idValid && gender !== idCardGender(idNumber)) reasons.push('GENDER_MISMATCH');
    }

    const birthText = raw.dateOfBirth.trim();
    if (birthText !== '') {
      const birthDate = parseBirthDate(birthText);
      if (!birthDate) reasons.push('BIRTH_DATE_INVALID');
      else if (idValid && birthDate !== idCardBirthDate(idNumber)) reasons.push('BIRTH_DATE_MISMATCH');
    }

    if (phone) {
      const earlier = firstRowByPhone.get(phone);
      if (earlier === undefined) firstRowByPhone.set(phone, raw.row);
      else {
        reasons.push('DUPLICATE_PHONE');
        duplicateOfRow = earlier;
      }
      if (context.registeredPhones.has(phone)) reasons.push('ALREADY_REGISTERED');
    }
    if (idValid) {
      const earlier = firstRowByIdNumber.get(idNumber);
      if (earlier === undefined) firstRowByIdNumber.set(idNumber, raw.row);
      else {
        reasons.push('DUPLICATE_ID_NUMBER');
        duplicateOfRow ??= earlier;
      }
    }
    if (phone && idValid) {
      const savedIdNumber = context.accountIdNumbers.get(phone)?.trim().toUpperCase();
      if (savedIdNumber && savedIdNumber !== idNumber) reasons.push('IDENTITY_MISMATCH');
    }

    if (reasons.length > 0 || !phone) return { reasons, duplicateOfRow };
    const dateOfBirth = idCardBirthDate(idNumber) ?? '';
    return { member: { row: raw.row, name, phone, idNumber, gender: idCardGender(idNumber), dateOfBirth } };
  };

  const accepted: ValidGroupMember[] = [];
  const rejected: GroupRejectedRow[] = [];
  for (const raw of rows) {
    const result = check(raw);
    if ('member' in result && accepted.length < context.seatsLeft) accepted.push(result.member);
    else {
      const { reasons, duplicateOfRow } =
        'reasons' in result ? result : { reasons: ['NO_SEATS_LEFT' as const], duplicateOfRow: null };
      const { row, name, phone, idNumber, gender, dateOfBirth } = raw;
      rejected.push({ row, name, phone, idNumber, gender, dateOfBirth, reasons, duplicateOfRow });
    }
  }
  return { accepted, rejected };
}
