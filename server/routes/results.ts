import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { newCertificateNumber } from '../domain/certificates';
import { enterResult, publishResults, RESULT_FILE_MAX_BYTES, type ResultsDeps, uploadResults } from '../domain/results';
import { readFileField } from '../http/multipart';
import { endpointRegistrar } from '../http/route';

/**
 * A center's results: one entry, a results sheet, and the publication that issues certificate numbers. Their own
 * scope, so multipart parsing exists only here.
 */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ResultsDeps = {
    repos: app.repos,
    uow: app.uow,
    now: app.now,
    certificateNumber: newCertificateNumber,
    links: app.links,
  };

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: RESULT_FILE_MAX_BYTES, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
    });
    const route = endpointRegistrar(scope);
    route(api.enterResult, ({ user, params, body }) =>
      enterResult(deps, user, params.id, params.registrationId, body.outcome),
    );
    route(api.uploadResults, ({ user, params, request }) =>
      // The file is read only once the exam is known to be the center's (uploadResults asks for it then).
      uploadResults(deps, user, params.id, async () => (await readFileField(request, 'RESULT_FILE_TOO_LARGE')).bytes),
    );
    route(api.publishResults, ({ user, params }) => publishResults(deps, user, params.id));
  });
}
