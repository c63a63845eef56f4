import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { actorOf } from '../domain/operators';
import { createPromotion, listPromotions, type PromotionAdminDeps, updatePromotion } from '../domain/promotions';
import { endpointRegistrar } from '../http/route';

/** The console's promotions and invitation codes (catalog permission): listed with their usage, added, changed. */
export async function opsPromotionRoutes(app: FastifyInstance): Promise<void> {
  const deps: PromotionAdminDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const route = endpointRegistrar(app);

  route(api.opsPromotions, ({ query }) => listPromotions(deps, query));
  route(api.opsCreatePromotion, ({ body, user, request }) => createPromotion(deps, actorOf(user, request.ip), body));
  route(api.opsUpdatePromotion, ({ params, body, user, request }) =>
    updatePromotion(deps, actorOf(user, request.ip), params.id, body),
  );
}
