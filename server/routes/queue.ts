import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '../../contract';
import { examGlimpse, queueStatus, switchCenterWaitingRoom, type WaitingRoomDeps } from '../domain/waitingRoom';
import { endpointRegistrar } from '../http/route';

/** Candidates in line ask again every few seconds: their session is looked up at most this often. */
const SESSION_REUSE_MS = 30_000;

/**
 * Waiting rooms: join and status of an exam's line (the path a hundred thousand candidates poll: no database query
 * per request, see domain/waitingRoom.ts), and a center's switch for its own exams. Answers carry Retry-After, the
 * same as nextCheckSeconds.
 */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  const deps: WaitingRoomDeps = {
    line: app.providers.waitingLine,
    glimpse: examGlimpse(app.repos, app.now),
    config: app.config,
    now: app.now,
    overloaded: () => app.overloaded(),
  };
  const switchDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const route = endpointRegistrar(app);
  const retryAfter = new WeakMap<FastifyRequest, number>();
  app.addHook('onSend', async (request, reply) => {
    const seconds = retryAfter.get(request);
    if (seconds !== undefined) reply.header('Retry-After', String(seconds));
  });
  const status = async (request: FastifyRequest, user: { id: string }, examId: string, join: boolean) => {
    const answer = await queueStatus(deps, user, examId, join);
    retryAfter.set(request, answer.nextCheckSeconds);
    return answer;
  };

  // Answers are a few hundred bytes, never worth compressing.
  const reuse = { sessionReuseMs: SESSION_REUSE_MS, compress: false } as const;
  route(api.queueJoin, ({ user, params, request }) => status(request, user, params.id, true), reuse);
  // A look is answered from this process's memory (the session reused, the exam glimpsed, the place and admissions
  // copied: store/waitingLine.ts localLooks), and clients are paced by Retry-After; counting each one in Redis for
  // the per-address limit would be the most expensive thing it does. A join, which writes the line, stays counted.
  route(api.queueStatus, ({ user, params, request }) => status(request, user, params.id, false), {
    ...reuse,
    sharedRateLimit: false,
  });
  route(api.centerWaitingRoom, ({ user, params, body }) =>
    switchCenterWaitingRoom(switchDeps, user, params.id, body.enabled),
  );
}
