import { chinaMobileToE164 } from '../../contract/phone';
import { AppError } from '../errors';

/** The contract's phone rule as E.164, or PHONE_INVALID. */
export function normalizeChinaMobile(input: string): string {
  const phone = chinaMobileToE164(input);
  if (!phone) throw new AppError('PHONE_INVALID');
  return phone;
}

/** +8613800138000 -> +86 138****8000, what the login page may echo back. */
export function maskPhone(e164: string): string {
  const national = e164.slice(3);
  return `+86 ${national.slice(0, 3)}****${national.slice(7)}`;
}
