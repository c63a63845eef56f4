import { AppError } from '../errors';

/**
 * A mainland China mobile (1[3-9] and 9 more digits), typed with or without +86 / 86 / 0086, spaces, dashes
 * or dots, as E.164 (+8613800138000). Anything else is PHONE_INVALID.
 */
export function normalizeChinaMobile(input: string): string {
  const compact = input.replace(/[\s\-.()]/g, '');
  const match = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(compact);
  if (!match) throw new AppError('PHONE_INVALID');
  return `+86${match[1]}`;
}

/** +8613800138000 -> +86 138****8000, what the login page may echo back. */
export function maskPhone(e164: string): string {
  const national = e164.slice(3);
  return `+86 ${national.slice(0, 3)}****${national.slice(7)}`;
}
