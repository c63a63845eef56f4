import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { api } from '../../contract';
import { type CheckinDeps, checkIn, examinerCandidate, lookupCandidates } from '../domain/checkin';
import { getExaminerProfile, listExaminerExams, saveExaminerProfile } from '../domain/examiner';
import { createTicketSigner } from '../domain/tickets';
import { AppError } from '../errors';
import { endpointRegistrar } from '../http/route';

/** When the identity ID's own check is the only problem of a profile save, the answer names that code. */
function identityIdOnly(error: unknown): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) &&
    error.validation.every((issue) => issue.instancePath === '/identityId' && issue.message === 'ID_CARD_INVALID')
  );
}

/**
 * The examiner's side: profile, assigned exams, and the door (who a ticket names, lookup, check-in). One ticket
 * signer for the app verifies every scan. Registered in its own scope for the profile's error mapping.
 */
export async function examinerRoutes(app: FastifyInstance): Promise<void> {
  const deps: CheckinDeps = {
    repos: app.repos,
    uow: app.uow,
    now: app.now,
    tickets: createTicketSigner(app.config, app.now),
    links: app.links,
  };

  await app.register(async (scope) => {
    scope.setErrorHandler((error) => {
      // Re-thrown errors reach the app's handler, which writes the envelope.
      if (identityIdOnly(error)) {
        throw new AppError('ID_CARD_INVALID', undefined, undefined, [
          { path: 'identityId', message: 'ID_CARD_INVALID' },
        ]);
      }
      throw error;
    });
    const route = endpointRegistrar(scope);

    route(api.examinerProfile, ({ user }) => getExaminerProfile(deps, user));
    route(api.saveExaminerProfile, ({ user, body }) => saveExaminerProfile(deps, user, body));
    route(api.examinerExams, ({ user }) => listExaminerExams(deps, user));
    route(api.examinerCandidate, ({ user, params }) => examinerCandidate(deps, user, params.id, params.registrationId));
    route(api.lookupCandidates, ({ user, params, query }) => lookupCandidates(deps, user, params.id, query.q));
    route(api.checkin, ({ user, params, body }) => checkIn(deps, user, params.id, body));
  });
}
