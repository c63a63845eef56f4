import type { JWTPayload } from 'jose';
import { ticketPublicKey } from '@/services/examiner';
import { handledHere } from '@/utils/failure';
import type { DataOf } from '../../../../contract/api';

type PublicKey = DataOf<'ticketPublicKey'>;

/** What the page can tell from a scanned text alone, before asking the server anything. */
export type TicketCheck =
  | { verdict: 'valid'; registrationId: string }
  | { verdict: 'invalid' }
  | { verdict: 'expired' }
  | { verdict: 'otherExam' };

const STORAGE_KEY = 'ticket_public_key';

let inMemory: PublicKey | undefined;

function storedKey(): PublicKey | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    const key = parsed as Partial<PublicKey> | null;
    return typeof key?.kid === 'string' && typeof key.jwk?.x === 'string' ? (key as PublicKey) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchKey(): Promise<PublicKey | undefined> {
  try {
    const key = await ticketPublicKey(handledHere);
    inMemory = key;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(key));
    return key;
  } catch {
    return undefined;
  }
}

/**
 * The public key, fetched once and kept in memory and localStorage, so a door with a flaky network still verifies.
 * A token signed under another key id asks the server once more (the key was rotated).
 */
async function publicKeyFor(kid: string | undefined): Promise<PublicKey | undefined> {
  inMemory ??= storedKey();
  if (inMemory && inMemory.kid === kid) return inMemory;
  return (await fetchKey()) ?? inMemory;
}

/** jose is loaded with the scan page only, in a chunk of its own. */
const loadJose = () => import('jose');

/** Loads jose and fetches the key when the page opens, so both are at hand before the first ticket, network or not. */
export async function prepareTicketCheck(): Promise<void> {
  await Promise.all([loadJose(), publicKeyFor(undefined)]).catch(() => undefined);
}

/** The browser cannot check Ed25519 (no WebCrypto outside HTTPS, or an old engine): the server checks at check-in. */
async function importKey(key: PublicKey) {
  if (!globalThis.crypto?.subtle) return undefined;
  const { importJWK } = await loadJose();
  try {
    return await importJWK({ ...key.jwk, alg: 'EdDSA' }, 'EdDSA');
  } catch {
    return undefined;
  }
}

function claimsOf(payload: JWTPayload, examId: string): TicketCheck {
  if (typeof payload.sub !== 'string' || typeof payload.exam !== 'string') return { verdict: 'invalid' };
  if (payload.exam !== examId) return { verdict: 'otherExam' };
  return { verdict: 'valid', registrationId: payload.sub };
}

/**
 * Verifies a scanned ticket token offline: an EdDSA JWT (server/domain/tickets.ts) signed by our key, not expired,
 * naming this exam (`exam`) and a registration (`sub`). A forged, tampered or expired token is refused here at once.
 */
export async function checkTicket(token: string, examId: string): Promise<TicketCheck> {
  const { decodeJwt, decodeProtectedHeader, errors, jwtVerify } = await loadJose();
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'EdDSA') return { verdict: 'invalid' };
    kid = header.kid;
  } catch {
    return { verdict: 'invalid' };
  }
  const key = await publicKeyFor(kid);
  if (key && key.kid !== kid) return { verdict: 'invalid' };
  const cryptoKey = key ? await importKey(key) : undefined;
  if (!cryptoKey) return unverifiedClaims(decodeJwt, token, examId);
  try {
    const { payload } = await jwtVerify(token, cryptoKey, { algorithms: ['EdDSA'] });
    return claimsOf(payload, examId);
  } catch (error) {
    return error instanceof errors.JWTExpired ? { verdict: 'expired' } : { verdict: 'invalid' };
  }
}

/** Without a usable key the claims are read as they are; the check-in call sends the token for the server to verify. */
function unverifiedClaims(decodeJwt: (token: string) => JWTPayload, token: string, examId: string): TicketCheck {
  try {
    const payload = decodeJwt(token);
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) return { verdict: 'expired' };
    return claimsOf(payload, examId);
  } catch {
    return { verdict: 'invalid' };
  }
}
