import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { type VerifyDeps, verifyCertificate } from '../domain/certificates';
import { endpointRegistrar } from '../http/route';

/** The public certificate check behind /verify, limited per client IP by VERIFY_RATE_LIMIT_PER_MINUTE. */
export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  const deps: VerifyDeps = { repos: app.repos, store: app.providers.store, config: app.config };
  const route = endpointRegistrar(app);
  route(api.verifyCertificate, ({ params, request }) =>
    verifyCertificate(deps, { number: params.number, ip: request.ip }),
  );
}
