import { api } from '../../contract';
import { type VerifyDeps, verifyCertificate } from '../domain/certificates';
import type { RouteContext } from './context';

/** The public certificate check behind /verify, limited per client IP by VERIFY_RATE_LIMIT_PER_MINUTE. */
export function verifyRoutes(ctx: RouteContext): void {
  const deps: VerifyDeps = { results: ctx.repos.results, store: ctx.store, config: ctx.config };
  ctx.route(api.verifyCertificate, ({ params, request }) =>
    verifyCertificate(deps, { number: params.number, ip: request.ip }),
  );
}
