import { showFailure } from '@/requestErrorConfig';
import { registration } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import type { RegistrationView } from '../../../contract/booking';

/** The answers that mean "none of mine has this id": unknown or someone else's (404), or malformed (400). */
const NONE = new Set(['NOT_FOUND', 'VALIDATION_FAILED']);

/**
 * One of my registrations by id, or undefined when I have none with it (the page says so itself); any other failure
 * is shown as the app shows it, and thrown.
 */
export async function findRegistration(id: string): Promise<RegistrationView | undefined> {
  try {
    return await registration(id, handledHere);
  } catch (error) {
    if (NONE.has(envelopeOf(error)?.errorCode ?? '')) return undefined;
    showFailure(error);
    throw error;
  }
}
