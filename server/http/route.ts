import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { type Endpoint, errorEnvelope, ok, refusalOf } from '../../contract';
import type { UserRow } from '../db/repositories/auth';
import { AppError } from '../errors';

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

export type RegisterEndpoint = ReturnType<typeof endpointRegistrar>;

export type Authenticator = (token: string | undefined) => Promise<UserRow>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503].map((s) => [s, errorEnvelope]),
);

/**
 * Registers one contract endpoint: its zod schemas validate the request and the success envelope, OpenAPI
 * comes from the same schemas, and `auth: 'user'` endpoints refuse requests without a live session (401) and
 * accounts of a kind their `access` leaves out (403, see refusalOf).
 */
export function endpointRegistrar(app: FastifyInstance, authenticate: Authenticator) {
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
    const users = new WeakMap<FastifyRequest, UserRow>();
    const caller: Endpoint = endpoint;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema,
      onRequest:
        caller.auth === 'user'
          ? async (request) => {
              const user = await authenticate(bearerToken(request));
              if (!caller.access.includes(user.kind)) throw new AppError(refusalOf(caller));
              users.set(request, user);
            }
          : undefined,
      handler: async (request) => {
        // The zod validator compiler has already parsed body, query and params against these very schemas.
        const data = await handler({
          body: request.body,
          query: request.query,
          params: request.params,
          user: users.get(request),
          token: endpoint.auth === 'user' ? bearerToken(request) : undefined,
          request,
        } as RouteInput<E>);
        return { success: true, data };
      },
    });
  };
}
