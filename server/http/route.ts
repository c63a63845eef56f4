import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { type Endpoint, errorEnvelope, id, ok, refusalOf } from '../../contract';
import type { ActiveUser } from '../db/rows';
import { AppError } from '../errors';
import type { Session } from '../plugins/auth';

type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface RouteInput<E extends Endpoint> {
  body: Parsed<E, 'body'>;
  query: Parsed<E, 'query'>;
  params: Parsed<E, 'params'>;
  /** The logged-in user; present exactly when the endpoint's auth is `user`. */
  user: E['auth'] extends 'user' ? ActiveUser : undefined;
  /** The bearer token of an authenticated request (logout revokes it). */
  token: E['auth'] extends 'user' ? string : undefined;
  request: FastifyRequest;
}

/** What a `response: 'file'` endpoint's handler answers instead of the envelope's data. */
export interface FileAnswer {
  bytes: Uint8Array;
  contentType: string;
  /** Saved under this name (Content-Disposition: attachment); without one the browser shows the file. */
  fileName?: string;
  /** Who may keep a copy: nobody by default (private, no-store); a public, immutable file says so. */
  cacheControl?: string;
}

/** For files that never change under their id (avatars, logos: ids are UUID v7). */
export const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';

/** A stored file's id from its URL (contract `fileIdParams`): a malformed id is as unknown as a missing one. */
export function storedFileId(text: string): string {
  const parsed = id.safeParse(text);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

type Answer<E> = E extends { data: infer S extends z.ZodType } ? z.input<S> : FileAnswer;

export type EndpointHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<Answer<E>>;

const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503].map((s) => [s, errorEnvelope]),
);

function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  reply
    .header('Content-Type', file.contentType)
    .header('Cache-Control', file.cacheControl ?? 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (file.fileName) reply.header('Content-Disposition', `attachment; filename="${encodeURIComponent(file.fileName)}"`);
  return reply.send(file.bytes);
}

/**
 * Registers contract endpoints on `app` (a route module's scope): their zod schemas validate the request and the
 * success envelope, OpenAPI comes from the same schemas, and `auth: 'user'` endpoints refuse requests without a live
 * session (401, through the auth plugin), accounts of a kind their `access` leaves out (403, see refusalOf) and
 * operators without the endpoint's `permission` (403 PERMISSION_DENIED).
 * A `response: 'file'` endpoint answers its handler's file; every failure is the error envelope either way.
 */
export function endpointRegistrar(app: FastifyInstance) {
  return function registerEndpoint<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    /**
     * `sessionReuseMs`: answer a session looked up that recently without the database (see app.authenticate).
     * `sharedRateLimit: false`: leave the endpoint out of the per-address limit every instance counts in Redis (an
     * endpoint answered from memory, whose callers are paced otherwise).
     * `compress: false`: answers always under the compression threshold (1 KB), so compression's hooks would only
     * look at them and pass them on.
     */
    options: { sessionReuseMs?: number; sharedRateLimit?: false; compress?: false } = {},
  ): void {
    const schema: FastifySchema = {
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
      response: endpoint.data ? { 200: ok(endpoint.data), ...errorResponses } : errorResponses,
    };
    // Who is asking is settled before the body is read: a logged-out client gets 401, not a list of field errors,
    // and the wrong kind of account 403 without anything being parsed.
    const sessions = new WeakMap<FastifyRequest, Session>();
    const caller: Endpoint = endpoint;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema,
      ...(options.sharedRateLimit === false ? { config: { rateLimit: false } } : {}),
      ...(options.compress === false ? { compress: false, decompress: false } : {}),
      onRequest:
        caller.auth === 'user'
          ? async (request) => {
              const session = await app.authenticate(request, { reuseForMs: options.sessionReuseMs ?? 0 });
              if (!caller.access.includes(session.user.kind)) throw new AppError(refusalOf(caller));
              if (caller.permission && !session.user.permissions.includes(caller.permission)) {
                throw new AppError('PERMISSION_DENIED');
              }
              sessions.set(request, session);
            }
          : undefined,
      handler: async (request, reply) => {
        // The zod validator compiler has already parsed body, query and params against these very schemas.
        const session = sessions.get(request);
        const answer = await handler({
          body: request.body,
          query: request.query,
          params: request.params,
          user: session?.user,
          token: session?.token,
          request,
        } as RouteInput<E>);
        return caller.response === 'file' ? sendFile(reply, answer as FileAnswer) : { success: true, data: answer };
      },
    });
  };
}
