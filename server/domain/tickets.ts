import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, verify } from 'node:crypto';
import { SignJWT } from 'jose';
import type { DataOf } from '../../contract';
import type { Config } from '../config';

/** PKCS#8 DER of an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const DAY_MS = 86_400_000;

export interface TicketClaims {
  registrationId: string;
  examId: string;
  startsAt: Date;
  /** The registration's ticket version (1 when left out): a seat change after release bumps it, older ones are refused. */
  version?: number;
}

/** Why a ticket token was refused: `expired` once the day after the exam has passed, else `invalid`. */
export class TicketInvalidError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`ticket token ${reason}`);
    this.name = 'TicketInvalidError';
  }
}

function signatureValid(signed: Buffer, signature: Buffer, key: KeyObject): boolean {
  try {
    return verify(null, signed, key, signature);
  } catch {
    return false;
  }
}

/** A JWT part's JSON object; TicketInvalidError for anything else. */
function jsonPart(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: not JSON
  }
  throw new TicketInvalidError('invalid');
}

/**
 * Every instance sharing APP_SECRET must sign alike, so without an explicit key the seed is derived from the
 * secret rather than generated at start-up.
 */
function ticketPrivateKey(config: Pick<Config, 'appSecret' | 'ticketSigningKey'>): KeyObject {
  const key = config.ticketSigningKey
    ? createPrivateKey({ key: config.ticketSigningKey, format: 'pem' })
    : createPrivateKey({
        key: Buffer.concat([
          ED25519_PKCS8_PREFIX,
          Buffer.from(hkdfSync('sha256', config.appSecret, 'exam-ability', 'ticket-signing-key/ed25519', 32)),
        ]),
        format: 'der',
        type: 'pkcs8',
      });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 PKCS#8 PEM key');
  return key;
}

/**
 * Signs and verifies the token a ticket's QR carries: a compact EdDSA JWT naming the registration (`sub`) and the
 * exam (`exam`) and the ticket version (`v`), valid until a day after the exam starts. Short claim names keep the QR
 * small.
 */
export function createTicketSigner(
  config: Pick<Config, 'appSecret' | 'ticketSigningKey'>,
  now: () => Date = () => new Date(),
) {
  const privateKey = ticketPrivateKey(config);
  const publicKey = createPublicKey(privateKey);
  const x = publicKey.export({ format: 'jwk' }).x;
  if (!x) throw new Error('Ed25519 public key without x');
  const kid = createHash('sha256').update(Buffer.from(x, 'base64url')).digest('base64url').slice(0, 11);

  return {
    async signTicket(claims: TicketClaims): Promise<string> {
      return new SignJWT({ exam: claims.examId, v: claims.version ?? 1 })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(claims.registrationId)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor((claims.startsAt.getTime() + DAY_MS) / 1000))
        .sign(privateKey);
    },

    /**
     * The registration and exam a token names; TicketInvalidError when forged, tampered with or expired. Checked
     * synchronously with node's own Ed25519: the check-in hot path never waits behind other requests for web crypto.
     */
    async verifyTicket(token: string): Promise<{ registrationId: string; examId: string; version: number }> {
      const [header, payload, signature, ...rest] = token.split('.');
      if (header === undefined || payload === undefined || signature === undefined || rest.length > 0) {
        throw new TicketInvalidError('invalid');
      }
      const signed = Buffer.from(`${header}.${payload}`);
      if (!signatureValid(signed, Buffer.from(signature, 'base64url'), publicKey)) {
        throw new TicketInvalidError('invalid');
      }
      const claims = jsonPart(payload);
      if (jsonPart(header).alg !== 'EdDSA' || typeof claims.exp !== 'number') throw new TicketInvalidError('invalid');
      if (claims.exp * 1000 <= now().getTime()) throw new TicketInvalidError('expired');
      if (typeof claims.sub !== 'string' || typeof claims.exam !== 'string') throw new TicketInvalidError('invalid');
      // Tokens signed before versions existed are version 1.
      const version = typeof claims.v === 'number' ? claims.v : 1;
      return { registrationId: claims.sub, examId: claims.exam, version };
    },

    publicKey(): DataOf<'ticketPublicKey'> {
      return { alg: 'EdDSA', kid, jwk: { kty: 'OKP', crv: 'Ed25519', x } };
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
