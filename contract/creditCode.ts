/**
 * The unified social credit code of an organization (GB 32100-2015), the "tax ID" of a test center: 18 characters
 * from the alphabet below (no I, O, Z, S, V), the last a check character computed from the first 17 (weights 3^i
 * mod 31). Free of zod so the browser may import it.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters, or undefined when one of them is outside the alphabet. */
export function creditCodeCheckCharacter(first17: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return undefined;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

/** 18 characters of the alphabet with the right check character (lower case accepted). */
export function isValidCreditCode(input: string): boolean {
  const code = input.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return creditCodeCheckCharacter(code.slice(0, 17)) === code[17];
}

/**
 * What an operator is told of a tax ID beside the license: `valid`; `checkCharacterMismatch` (18 characters of the
 * alphabet, the last not the one the first 17 give); `malformed` (anything else).
 */
export function creditCodeCheck(input: string): 'valid' | 'checkCharacterMismatch' | 'malformed' {
  const code = input.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return 'malformed';
  return creditCodeCheckCharacter(code.slice(0, 17)) === code[17] ? 'valid' : 'checkCharacterMismatch';
}
