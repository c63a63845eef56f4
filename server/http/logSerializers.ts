import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

/**
 * What log lines may say about a failure. A database error as the drivers throw it carries the statement's
 * parameters (drizzle's message ends in "params: ...", pg's `detail` quotes the failing row, PGlite's error keeps
 * `params`): phones, ID card numbers and e-mails of whoever was saving. Log lines keep the query's shape, SQLSTATE and
 * the names of what failed, never a value.
 */

/**
 * Fields of a PostgreSQL error (pg and PGlite alike) that name what failed without quoting the data, under the names
 * a log line shows them by. The codes are renamed because the logger redacts any `code` (one-time codes).
 */
const DATABASE_ERROR_FIELDS = {
  code: 'sqlState',
  severity: 'severity',
  schema: 'schema',
  table: 'table',
  column: 'column',
  dataType: 'dataType',
  constraint: 'constraint',
  routine: 'routine',
};
const OTHER_ERROR_FIELDS = { code: 'errorCode', statusCode: 'statusCode' };

const MAX_CAUSES = 5;

function isDatabaseError(error: Error & { code?: unknown; severity?: unknown }): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/** PostgreSQL quotes both names and values (`invalid input syntax for type uuid: "..."`); names are logged as fields. */
function withoutQuotedText(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"');
}

/** The stack's frames, without the message its first lines repeat. */
function frames(error: Error): string[] {
  return (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
}

/** An error as a log line shows it (the shape pino's own serializer gives, with fewer fields). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The message a log line may carry, and the fields that say what failed. */
function describe(error: Error & Record<string, unknown>): { message: string; fields: Record<string, unknown> } {
  const pick = (names: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(names)
        .filter(([field]) => error[field] !== undefined)
        .map(([field, shownAs]) => [shownAs, error[field]]),
    );
  if (error instanceof DrizzleQueryError) return { message: 'Failed query', fields: { query: error.query } };
  if (isDatabaseError(error)) return { message: withoutQuotedText(error.message), fields: pick(DATABASE_ERROR_FIELDS) };
  // Any other wrapper that quotes drizzle's message keeps its parameters too: they are cut off.
  return { message: error.message.split('\nparams:')[0] ?? '', fields: pick(OTHER_ERROR_FIELDS) };
}

function serialize(error: unknown, depth: number): LoggedError {
  // A thrown string or object could hold anything; only its type is logged.
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const { message, fields } = describe(error as Error & Record<string, unknown>);
  return {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames(error)].join('\n'),
    ...fields,
    ...(error.cause !== undefined && depth < MAX_CAUSES ? { cause: serialize(error.cause, depth + 1) } : {}),
  };
}

/** pino's `err` serializer for every log line of the server. */
export function serializeError(error: unknown): LoggedError {
  return serialize(error, 0);
}

/**
 * pino's `req` serializer: the request line with its query's names but not their values, since a roster search or an
 * examiner's look-up puts a phone or an ID card number there.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  const [path = '', query] = request.url.split('?', 2);
  const names = query === undefined ? [] : [...new URLSearchParams(query).keys()];
  return {
    method: request.method,
    url: names.length > 0 ? `${path}?${names.map((name) => `${name}=…`).join('&')}` : path,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
