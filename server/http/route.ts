import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { type Endpoint, errorEnvelope, ok, refusalOf } from '../../contract';
import type { UserRow } from '../db/repositories/auth';
import { AppError } from '../errors';
import type { Session } from '../plugins/auth';

type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface RouteInput<E extends Endpoint> {
  body: Parsed<E, 'body'>;
  query: Parsed<E, 'query'>;
  params: Parsed<E, 'params'>;
  /** The logged-in user; present exactly when the endpoint's auth is `user`. */
  user: E['auth'] extends 'user' ? UserRow : undefined;
  /** The bearer token of an authenticated request (logout revokes it). */
  token: E['auth'] extends 'user' ? string : undefined;
  request: FastifyRequest;
}

export type EndpointHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<z.input<E['data']>>;

const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503].map((s) => [s, errorEnvelope]),
);

/**
 * Registers contract endpoints on `app` (a route module's scope): their zod schemas validate the request and the
 * success envelope, OpenAPI comes from the same schemas, and `auth: 'user'` endpoints refuse requests without a live
 * session (401, through the auth plugin) and accounts of a kind their `access` leaves out (403, see refusalOf).
 */
export function endpointRegistrar(app: FastifyInstance) {
  return function registerEndpoint<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): void {
    const schema: FastifySchema = {
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth === 'user' ? { security: [{ bearer: [] }] } : {}),
      response: { 200: ok(endpoint.data), ...errorResponses },
    };
    // Who is asking is settled before the body is read: a logged-out client gets 401, not a list of field errors,
    // and the wrong kind of account 403 without anything being parsed.
    const sessions = new WeakMap<FastifyRequest, Session>();
    const caller: Endpoint = endpoint;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema,
      onRequest:
        caller.auth === 'user'
          ? async (request) => {
              const session = await app.authenticate(request);
              if (!caller.access.includes(session.user.kind)) throw new AppError(refusalOf(caller));
              sessions.set(request, session);
            }
          : undefined,
      handler: async (request) => {
        // The zod validator compiler has already parsed body, query and params against these very schemas.
        const session = sessions.get(request);
        const data = await handler({
          body: request.body,
          query: request.query,
          params: request.params,
          user: session?.user,
          token: session?.token,
          request,
        } as RouteInput<E>);
        return { success: true, data };
      },
    });
  };
}
