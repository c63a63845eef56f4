import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, api } from '../../contract';
import {
  getAvatarImage,
  getProfile,
  listOrganizations,
  type ProfileDeps,
  saveProfile,
  uploadAvatar,
} from '../domain/profile';
import { createTicketSigner } from '../domain/tickets';
import { AppError } from '../errors';
import { readFileField } from '../http/multipart';
import { endpointRegistrar, PUBLIC_IMMUTABLE, storedFileId } from '../http/route';

/**
 * The contract's ID card refine names its own error code; when that is the only problem with a profile save, the
 * answer carries that code, so the form can say exactly what is wrong.
 */
function idCardOnly(error: unknown): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) &&
    error.validation.every((issue) => issue.instancePath === '/idNumber' && issue.message === 'ID_CARD_INVALID')
  );
}

/**
 * The candidate profile, avatar upload and images, organizations, and the ticket public key. Registered in its
 * own encapsulated scope so multipart parsing exists only here.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const deps: ProfileDeps = { repos: app.repos, uow: app.uow, links: app.links, now: app.now };
  const tickets = createTicketSigner(app.config, app.now);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
    });
    scope.setErrorHandler((error) => {
      // Re-thrown errors reach the app's handler, which writes the envelope.
      if (idCardOnly(error)) {
        throw new AppError('ID_CARD_INVALID', undefined, undefined, [{ path: 'idNumber', message: 'ID_CARD_INVALID' }]);
      }
      throw error;
    });
    const route = endpointRegistrar(scope);

    route(api.profile, ({ user }) => getProfile(deps, user));
    route(api.saveProfile, ({ user, body }) => saveProfile(deps, user, body));
    route(api.uploadAvatar, async ({ user, request }) =>
      uploadAvatar(deps, user, (await readFileField(request, 'IMAGE_TOO_LARGE')).bytes),
    );
    route(api.organizations, () => listOrganizations(deps));
    route(api.ticketPublicKey, async () => tickets.publicKey());

    route(api.avatar, async ({ params }) => ({
      ...(await getAvatarImage(deps, storedFileId(params.id), 'image')),
      cacheControl: PUBLIC_IMMUTABLE,
    }));
    route(api.avatarSmall, async ({ params }) => ({
      ...(await getAvatarImage(deps, storedFileId(params.id), 'small')),
      cacheControl: PUBLIC_IMMUTABLE,
    }));
  });
}
