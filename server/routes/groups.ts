import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { api, GROUP_FILE_MAX_BYTES } from '../../contract';
import {
  cancelGroupMember,
  checkoutGroup,
  createGroup,
  type GroupDeps,
  getGroup,
  groupQuote,
  groupTickets,
  uploadGroupFile,
} from '../domain/groups';
import { groupTemplateCsv, groupTemplateXlsx } from '../domain/groupTemplate';
import { groupTicketsPdfFile } from '../domain/ticketFiles';
import { createTicketSigner } from '../domain/tickets';
import { readFileField } from '../http/multipart';
import { endpointRegistrar } from '../http/route';
import { bookingDeps } from '../plugins/domainDeps';
import { idempotencyKey, requestOrigin } from './booking';

const TEMPLATE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * Group registration: the draft, the member file upload (its own scope, so multipart parsing exists only there),
 * quote, checkout, the members' tickets, the coordinator's cancellation of a member's seat, and the template download.
 */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const deps: GroupDeps = {
    ...bookingDeps(app),
    tickets: createTicketSigner(app.config, app.now),
    sms: app.providers.sms,
  };
  const route = endpointRegistrar(app);

  route(api.createGroup, ({ user, body }) => createGroup(deps, user, body));
  route(api.group, ({ user, params }) => getGroup(deps, user, params.id));
  route(api.groupQuote, ({ user, params, body }) => groupQuote(deps, user, params.id, body));
  route(api.groupCheckout, ({ user, params, body, request }) =>
    checkoutGroup(deps, user, params.id, body, {
      idempotencyKey: idempotencyKey(request),
      origin: requestOrigin(request),
    }),
  );
  route(api.groupTickets, ({ user, params }) => groupTickets(deps, user, params.id));
  route(api.groupTicketsPdf, ({ user, params, query }) => groupTicketsPdfFile(deps, user, params.id, query.lang));
  route(api.cancelGroupMember, ({ user, params }) => cancelGroupMember(deps, user, params.id, params.registrationId));

  route(api.groupTemplate, async ({ query: { format } }) => ({
    bytes: format === 'xlsx' ? await groupTemplateXlsx() : groupTemplateCsv(),
    contentType: TEMPLATE_TYPES[format],
    fileName: `group-registration-template.${format}`,
    cacheControl: 'public, max-age=3600',
  }));

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: GROUP_FILE_MAX_BYTES, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
    });
    const upload = endpointRegistrar(scope);
    upload(api.uploadGroupFile, async ({ user, params, request }) =>
      uploadGroupFile(deps, user, params.id, await readFileField(request, 'GROUP_FILE_TOO_LARGE')),
    );
  });
}
