import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { joinWaitlist, leaveWaitlist, myWaitlist } from '../domain/waitlist';
import { endpointRegistrar } from '../http/route';
import { bookingDeps } from '../plugins/domainDeps';

/** Waiting lists of sold-out exams: join, leave, and the candidate's places and offers (domain/waitlist.ts). */
export async function waitlistRoutes(app: FastifyInstance): Promise<void> {
  const deps = bookingDeps(app);
  const route = endpointRegistrar(app);
  route(api.waitlistJoin, ({ user, params }) => joinWaitlist(deps, user, params.id));
  route(api.waitlistLeave, ({ user, params }) => leaveWaitlist(deps, user, params.id));
  route(api.waitlist, ({ user }) => myWaitlist(deps, user));
}
