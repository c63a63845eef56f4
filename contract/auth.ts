import { z } from 'zod';
import { id, text } from './common';

/** The kinds of account a person gets by logging in: the first login of a phone for one of them creates it. */
export const USER_KINDS = ['individual', 'testCenter', 'examiner'] as const;
export const userKind = z.enum(USER_KINDS);
export type UserKind = z.infer<typeof userKind>;

/**
 * Every kind of account: the three above, and the platform's operators, whom no login creates (the server's
 * `npm run operator` adds the first, operators invite the rest) and who log in through /api/ops/auth.
 */
export const ACCOUNT_KINDS = [...USER_KINDS, 'operator'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What an operator may do in the console (contract/ops.ts); `src/access.ts` mirrors them for menus and routes. */
export const OPS_PERMISSIONS = ['centers', 'catalog', 'finance', 'support', 'operators', 'audit'] as const;
export const opsPermission = z.enum(OPS_PERMISSIONS);
export type OpsPermission = z.infer<typeof opsPermission>;

/**
 * A mainland China mobile number, with or without +86 / 86, spaces or dashes. The server normalizes it to E.164.
 * The message is an error code so the front end can localize it.
 */
export const phoneInput = text().trim().min(1).max(32);

export const otpRequest = z.object({ phone: phoneInput, kind: userKind });
export type OtpRequest = z.infer<typeof otpRequest>;

export const otpResponse = z.object({
  /** The number the code went to, masked (+86 138****8000). */
  sentTo: z.string(),
  /** Seconds until another code may be requested for this phone. */
  resendAfterSeconds: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int().positive(),
});
export type OtpResponse = z.infer<typeof otpResponse>;

export const loginRequest = z.object({
  phone: phoneInput,
  code: text()
    .trim()
    .regex(/^\d{6}$/),
  kind: userKind,
  /** The app's language: notifications are written in it from now on (kept as it was when absent). */
  locale: z.enum(['zh-CN', 'en-US']).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  access_token: z.string().min(1),
  type: userKind,
  /** True when this login created the account (the "Sign up" case). */
  created: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

const account = z.object({
  id,
  /** E.164, e.g. +8613800138000. */
  phone: z.string(),
  /** Display name; empty until the profile is filled in. */
  name: z.string(),
  /** URL of a small avatar image, or null when none was uploaded. */
  avatar_small: z.string().nullable(),
});

/** The logged-in account; an operator's carries its permissions. */
export const currentUser = z.discriminatedUnion('kind', [
  account.extend({ kind: userKind }),
  account.extend({ kind: z.literal('operator'), permissions: z.array(opsPermission) }),
]);
export type CurrentUser = z.infer<typeof currentUser>;

export const logoutResponse = z.object({ loggedOut: z.literal(true) });
