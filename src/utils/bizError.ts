import type { ErrorEnvelope } from '../../contract/envelope';

/** A failed call whose answer is the API's error envelope (`success: false`), whatever its HTTP status. */
export class BizError extends Error {
  override name = 'BizError';

  constructor(readonly info: ErrorEnvelope) {
    super(info.errorMessage);
  }
}

/** Type guard for an error envelope read from an untyped response body. */
export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Partial<Record<keyof ErrorEnvelope, unknown>>;
  return candidate.success === false && typeof candidate.errorCode === 'string';
}

function responseOf(error: unknown): { status?: number; data?: unknown } | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const { response } = error;
  return typeof response === 'object' && response !== null ? response : undefined;
}

/** The error envelope of a failed call, whether it came with a 2xx status (BizError) or an error status. */
export function envelopeOf(error: unknown): ErrorEnvelope | undefined {
  if (error instanceof BizError) return error.info;
  const body = responseOf(error)?.data;
  return isErrorEnvelope(body) ? body : undefined;
}

/** True when no answer arrived at all: the network is down or the request timed out. */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'isAxiosError' in error && responseOf(error) === undefined;
}

/** True when the call failed because the token is missing, expired or revoked. */
export function isUnauthorized(error: unknown): boolean {
  return responseOf(error)?.status === 401 || envelopeOf(error)?.errorCode === 'UNAUTHORIZED';
}
