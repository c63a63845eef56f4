/**
 * Certificate numbers: EA-2026-7K3M9QXP-B. The year of the exam, eight random characters of Crockford's base32 (no
 * I, L, O, U: nothing to misread), then a check character (ISO 7064 MOD 37-36 over the rest) that catches a mistyped
 * character or two swapped ones. Random, so no number says anything about the next.
 */
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MOD37_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The ISO 7064 MOD 37-36 check character of a string of digits and upper-case letters. */
export function certificateCheckCharacter(body: string): string {
  let product = 36;
  for (const character of body) {
    const value = MOD37_ALPHABET.indexOf(character);
    if (value < 0) continue;
    let sum = (product + value) % 36;
    if (sum === 0) sum = 36;
    product = (sum * 2) % 37;
  }
  return MOD37_ALPHABET[(37 - product) % 36] ?? '0';
}

/** The certificate number as typed: spaces and case forgiven, dashes where they belong; undefined if malformed. */
export function normalizeCertificateNumber(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const match = /^EA(\d{4})([0-9A-HJKMNP-TV-Z]{8})([0-9A-Z])$/.exec(compact);
  if (!match) return undefined;
  const [, year, random, check] = match;
  if (certificateCheckCharacter(`EA${year}${random}`) !== check) return undefined;
  return `EA-${year}-${random}-${check}`;
}
