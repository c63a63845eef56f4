/**
 * The mainland resident identity card number (GB 11643-1999): 17 digits, then a check character computed from them
 * (ISO 7064 MOD 11-2, 'X' for 10). Digits 7-14 are the birth date. Free of zod so the browser may import it.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

export function idCardCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARACTERS[sum % 11] ?? '';
}

/** The birth date inside a well-formed number as yyyy-mm-dd, or undefined when that date does not exist. */
export function idCardBirthDate(idNumber: string): string | undefined {
  const match = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(idNumber);
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** 'male' or 'female' from the 17th digit (odd is male), for numbers that passed `isValidIdCard`. */
export function idCardGender(idNumber: string): 'male' | 'female' {
  return Number(idNumber[16]) % 2 === 1 ? 'male' : 'female';
}

/** 18 characters, a real birth date, and the right check character (a lower-case x is accepted). */
export function isValidIdCard(input: string): boolean {
  const idNumber = input.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(idNumber)) return false;
  if (!idCardBirthDate(idNumber)) return false;
  return idCardCheckCharacter(idNumber.slice(0, 17)) === idNumber[17];
}

/** Shows the region and the last four characters only: 110101********123X. */
export function maskIdCard(idNumber: string): string {
  if (idNumber.length < 10) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 6)}${'*'.repeat(idNumber.length - 10)}${idNumber.slice(-4)}`;
}
