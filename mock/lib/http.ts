/**
 * How a mock handler is written. `on(endpoint, handle)` keys it by the contract's method and path, refuses a missing
 * session and the kinds of account the entry's `access` leaves out (with refusalOf's code, as the server's registrar
 * does; an operators' endpoint admits only an operator holding its permission, if it names one: OPERATORS_ONLY,
 * PERMISSION_DENIED),
 * parses body, query and params with the contract's schemas, and answers what `handle` returns, or the AppError it
 * throws (`refuse`, or a server rule's own), as the envelope.
 * Excluded from Umi's mock glob (.umirc.ts): a library, not a mock file.
 */
import type { z } from 'zod';
import {
  type AccountKind,
  type CurrentUser,
  type Endpoint,
  type ErrorCode,
  type ErrorEnvelope,
  type OpsEndpoint,
  refusalOf,
} from '../../contract';
import { ERROR_CODES } from '../../contract/errors';
import { AppError } from '../../server/errors';

export interface MockRequest {
  body?: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
}
export interface MockResponse {
  status(code: number): MockResponse;
  json(body: unknown): void;
  /** For the answers that are files, not envelopes (as Express, which Umi's mock runs on, has them). */
  setHeader(name: string, value: string): void;
  end(body: Buffer): void;
}
export type Handler = (req: MockRequest, res: MockResponse) => Promise<void>;

/** An answer that is a file to save (the roster export, the group template) rather than an envelope. */
export interface Download {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Ends the handler with the error envelope of `code`, as the server's AppError (which `on` also answers). */
export function refuse(code: ErrorCode, details?: ErrorEnvelope['details']): never {
  throw new AppError(code, undefined, undefined, details);
}

/** Bearer token -> the user it logged in; until the dev server restarts. */
export const sessions = new Map<string, CurrentUser>();

export function bearerToken(req: MockRequest): string {
  const header = req.headers.authorization;
  return typeof header === 'string' ? header.replace(/^Bearer /, '') : '';
}

type OperatorUser = Extract<CurrentUser, { kind: 'operator' }>;
type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type Answer<E> = E extends { data: infer S extends z.ZodType } ? z.input<S> : Download;

export interface Input<E> {
  body: Parsed<E, 'body'>;
  query: Parsed<E, 'query'>;
  params: Parsed<E, 'params'>;
  user: E extends { refusal: 'OPERATORS_ONLY' }
    ? OperatorUser
    : E extends { auth: 'user' }
      ? CurrentUser
      : CurrentUser | undefined;
  req: MockRequest;
}

const isErrorCode = (text: string): text is ErrorCode => (ERROR_CODES as readonly string[]).includes(text);

/**
 * The input as the schema reads it, or the refusal the server gives: a refinement that names its own error code
 * answers that code when it is the only problem, an unknown account kind KIND_INVALID, the rest VALIDATION_FAILED.
 */
function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const code = details[0]?.message ?? '';
  if (isErrorCode(code) && details.every((detail) => detail.message === code)) refuse(code, details);
  if (details.every((detail) => detail.path === 'kind')) refuse('KIND_INVALID', details);
  return refuse('VALIDATION_FAILED', details);
}

function answer(res: MockResponse, data: unknown) {
  if (data && typeof data === 'object' && 'bytes' in data) {
    const file = data as Download;
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.end(file.bytes);
  } else {
    res.status(200).json({ success: true, data });
  }
}

/** The handler of `endpoint` (see above). */
export function on<E extends Endpoint | OpsEndpoint>(
  endpoint: E,
  handle: (input: Input<E>) => Answer<E> | Promise<Answer<E>>,
): [string, Handler] {
  const handler: Handler = async (req, res) => {
    try {
      const user = sessions.get(bearerToken(req));
      const caller: Endpoint | OpsEndpoint = endpoint;
      if (caller.auth === 'user') {
        if (!user) refuse('UNAUTHORIZED');
        const admitted: readonly AccountKind[] = caller.access;
        if (!admitted.includes(user.kind)) refuse(refusalOf(caller));
        if (caller.permission && !(user.kind === 'operator' && user.permissions.includes(caller.permission))) {
          refuse('PERMISSION_DENIED');
        }
      }
      const body = parse(endpoint.body, req.body);
      const query = parse(endpoint.query, req.query);
      const params = parse(endpoint.params, req.params);
      answer(res, await handle({ body, query, params, user, req } as Input<E>));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { code: errorCode, message: errorMessage, showType, details } = error;
      const body: ErrorEnvelope = { success: false, errorCode, errorMessage, showType };
      res.status(error.statusCode).json(details ? { ...body, details } : body);
    }
  };
  return [`${endpoint.method} ${endpoint.path}`, handler];
}

/** One page of a list, as every paged answer has it. */
export function page<T>(items: T[], { current, pageSize }: { current: number; pageSize: number }) {
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}
