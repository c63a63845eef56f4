import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { api } from '../../contract';
import { actorOf } from '../domain/operators';
import { createPromotion, listPromotions, type PromotionAdminDeps, updatePromotion } from '../domain/promotions';
import { AppError } from '../errors';
import { endpointRegistrar } from '../http/route';

/**
 * The contract's window refine names its own error code; when a validity that ends before it starts is the only
 * problem with a draft, the answer carries that code, so the form can say exactly what is wrong.
 */
function windowOnly(error: unknown): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  if (!error.validation.every((issue) => issue.message === 'PROMOTION_WINDOW_INVALID')) return undefined;
  return new AppError('PROMOTION_WINDOW_INVALID', undefined, undefined, [
    { path: 'validUntil', message: 'PROMOTION_WINDOW_INVALID' },
  ]);
}

/** The console's promotions and invitation codes (catalog permission): listed with their usage, added, changed. */
export async function opsPromotionRoutes(app: FastifyInstance): Promise<void> {
  const deps: PromotionAdminDeps = { repos: app.repos, uow: app.uow, now: app.now };

  await app.register(async (scope) => {
    scope.setErrorHandler((error) => {
      // Re-thrown errors reach the app's handler, which writes the envelope.
      throw windowOnly(error) ?? error;
    });
    const route = endpointRegistrar(scope);

    route(api.opsPromotions, ({ query }) => listPromotions(deps, query));
    route(api.opsCreatePromotion, ({ body, user, request }) => createPromotion(deps, actorOf(user, request.ip), body));
    route(api.opsUpdatePromotion, ({ params, body, user, request }) =>
      updatePromotion(deps, actorOf(user, request.ip), params.id, body),
    );
  });
}
