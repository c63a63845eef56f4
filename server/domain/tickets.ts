import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { DataOf } from '../../contract';
import type { Config } from '../config';

/** PKCS#8 DER of an Ed25519 private key is this fixed prefix followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const DAY_MS = 86_400_000;

export interface TicketClaims {
  registrationId: string;
  examId: string;
  startsAt: Date;
}

/** Why a ticket token was refused: `expired` once the day after the exam has passed, else `invalid`. */
export class TicketInvalidError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`ticket token ${reason}`);
    this.name = 'TicketInvalidError';
  }
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
 * exam (`exam`), valid until a day after the exam starts. Short claim names keep the QR small.
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
      return new SignJWT({ exam: claims.examId })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(claims.registrationId)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor((claims.startsAt.getTime() + DAY_MS) / 1000))
        .sign(privateKey);
    },

    /** The registration and exam a token names; TicketInvalidError when forged, tampered with or expired. */
    async verifyTicket(token: string): Promise<{ registrationId: string; examId: string }> {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ['EdDSA'], currentDate: now() });
        if (typeof payload.sub !== 'string' || typeof payload.exam !== 'string') {
          throw new TicketInvalidError('invalid');
        }
        return { registrationId: payload.sub, examId: payload.exam };
      } catch (error) {
        if (error instanceof TicketInvalidError) throw error;
        if (error instanceof errors.JWTExpired) throw new TicketInvalidError('expired');
        if (error instanceof errors.JOSEError) throw new TicketInvalidError('invalid');
        throw error;
      }
    },

    publicKey(): DataOf<'ticketPublicKey'> {
      return { alg: 'EdDSA', kid, jwk: { kty: 'OKP', crv: 'Ed25519', x } };
    },
  };
}

export type TicketSigner = ReturnType<typeof createTicketSigner>;
