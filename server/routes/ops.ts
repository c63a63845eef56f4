import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { auditXlsx } from '../documents/auditXlsx';
import { XLSX_CONTENT_TYPE } from '../documents/xlsx';
import { type AuditExportDeps, auditFilter, exportAuditLog, toAuditEntry } from '../domain/audit';
import {
  CATEGORY,
  type CatalogAdminDeps,
  changeCatalogEntry,
  createCategory,
  createOrganization,
  ORGANIZATION,
  toOpsCategory,
  toOpsOrganization,
} from '../domain/catalogAdmin';
import { decideCenter, toOpsCenter, type VerificationDeps } from '../domain/centerVerification';
import { type DashboardDeps, dashboardFigures } from '../domain/dashboard';
import { decideFapiao, type FapiaoDeskDeps, listFapiaoRequests } from '../domain/fapiaoDesk';
import {
  actorOf,
  addOperator,
  listOperators,
  type OperatorDeps,
  operatorLogin,
  removeOperator,
  sendOperatorOtp,
} from '../domain/operators';
import { type OrderDeskDeps, orderDetail, ordersXlsx, refundOrder, searchOrders } from '../domain/orderDesk';
import { type ReconciliationDeps, reconcile, reconciliationXlsx } from '../domain/reconciliation';
import { type RefundDeskDeps, retryRefund, toOpsFailedRefund } from '../domain/refundDesk';
import {
  endCandidateSessions,
  eraseCandidate,
  exportCandidate,
  findCandidates,
  rejectCandidatePhoto,
  type SupportDeps,
  viewCandidate,
} from '../domain/support';
import { switchWaitingRoom } from '../domain/waitingRoom';
import { AppError } from '../errors';
import { endpointRegistrar } from '../http/route';
import { authDeps, bookingDeps } from '../plugins/domainDeps';

/** The operators' console: its login and the endpoints under /api/ops, each behind its permission. */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const operators: OperatorDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const auth = authDeps(app);
  const centers: VerificationDeps = {
    repos: app.repos,
    uow: app.uow,
    sms: app.providers.sms,
    log: app.log,
    links: app.links,
    now: app.now,
  };
  const catalog: CatalogAdminDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const dashboard: DashboardDeps = { repos: app.repos, now: app.now };
  const refundDesk: RefundDeskDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const support: SupportDeps = { repos: app.repos, uow: app.uow, now: app.now, links: app.links, seats: app.seats };
  const auditExport: AuditExportDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const orderDesk: OrderDeskDeps = bookingDeps(app);
  const fapiaoDesk: FapiaoDeskDeps = { repos: app.repos, uow: app.uow, now: app.now };
  const reconciliation: ReconciliationDeps = {
    repos: app.repos,
    payment: app.providers.payment,
    now: app.now,
    log: app.log,
  };
  const route = endpointRegistrar(app);

  route(api.opsSendOtp, ({ body, request }) => sendOperatorOtp(auth, { phone: body.phone, ip: request.ip }));
  route(api.opsLogin, ({ body, request }) => operatorLogin({ ...auth, uow: app.uow }, { ...body, ip: request.ip }));
  route(api.opsOperators, () => listOperators(operators));
  route(api.opsInviteOperator, async ({ body, user, request }) => {
    await addOperator(operators, actorOf(user, request.ip), body);
    return listOperators(operators);
  });
  route(api.opsRemoveOperator, async ({ params, user, request }) => {
    await removeOperator(operators, actorOf(user, request.ip), params.id);
    return listOperators(operators);
  });
  route(api.opsAudit, async ({ query }) => {
    const { current, pageSize } = query;
    const { rows, total } = await app.repos.audit.page(auditFilter(query), (current - 1) * pageSize, pageSize);
    return { list: rows.map(toAuditEntry), total, current, pageSize };
  });
  route(api.opsAuditExport, async ({ query, user, request }) => {
    const entries = await exportAuditLog(auditExport, actorOf(user, request.ip), query);
    return {
      bytes: await auditXlsx(entries),
      contentType: XLSX_CONTENT_TYPE,
      fileName: `audit-${app.now().toISOString().slice(0, 10)}.xlsx`,
    };
  });

  route(api.opsCenters, async ({ query }) => {
    const { current, pageSize, status, q } = query;
    const { rows, total } = await centers.repos.verification.page(
      { status, text: q },
      (current - 1) * pageSize,
      pageSize,
    );
    return { list: rows.map((row) => toOpsCenter(app.links, row)), total, current, pageSize };
  });
  route(api.opsApproveCenter, ({ params, user, request }) =>
    decideCenter(centers, actorOf(user, request.ip), params.id, 'approve'),
  );
  route(api.opsRejectCenter, ({ params, body, user, request }) =>
    decideCenter(centers, actorOf(user, request.ip), params.id, 'reject', body.reason),
  );
  route(api.opsSuspendCenter, ({ params, user, request }) =>
    decideCenter(centers, actorOf(user, request.ip), params.id, 'suspend'),
  );
  route(api.opsCenterLicense, async ({ params }) => {
    const license = await centers.repos.verification.license(params.id);
    if (!license) throw new AppError('NOT_FOUND');
    return { bytes: license.bytes, contentType: license.contentType };
  });

  route(api.opsCategories, async ({ query }) => {
    const { current, pageSize, status, q } = query;
    const page = await app.repos.catalogAdmin.categoriesPage({ status, text: q }, (current - 1) * pageSize, pageSize);
    return { list: page.rows.map(toOpsCategory), total: page.total, current, pageSize };
  });
  route(api.opsCreateCategory, ({ body, user, request }) => createCategory(catalog, actorOf(user, request.ip), body));
  route(api.opsUpdateCategory, ({ params, body, user, request }) =>
    changeCatalogEntry(CATEGORY, catalog, actorOf(user, request.ip), params.id, { name: body.name }),
  );
  route(api.opsRetireCategory, ({ params, user, request }) =>
    changeCatalogEntry(CATEGORY, catalog, actorOf(user, request.ip), params.id, { retire: true }),
  );
  route(api.opsOrganizations, async ({ query }) => {
    const { current, pageSize, status, q } = query;
    const page = await app.repos.catalogAdmin.organizationsPage(
      { status, text: q },
      (current - 1) * pageSize,
      pageSize,
    );
    return { list: page.rows.map(toOpsOrganization), total: page.total, current, pageSize };
  });
  route(api.opsCreateOrganization, ({ body, user, request }) =>
    createOrganization(catalog, actorOf(user, request.ip), body.name),
  );
  route(api.opsUpdateOrganization, ({ params, body, user, request }) =>
    changeCatalogEntry(ORGANIZATION, catalog, actorOf(user, request.ip), params.id, { name: body.name }),
  );
  route(api.opsRetireOrganization, ({ params, user, request }) =>
    changeCatalogEntry(ORGANIZATION, catalog, actorOf(user, request.ip), params.id, { retire: true }),
  );
  route(api.opsWaitingRoom, ({ params, body, user, request }) =>
    switchWaitingRoom(
      { repos: app.repos, uow: app.uow, now: app.now },
      actorOf(user, request.ip),
      params.id,
      body.enabled,
    ),
  );

  route(api.opsDashboard, ({ query, user }) =>
    dashboardFigures(dashboard, query, user.permissions.includes('finance')),
  );

  route(api.opsFailedRefunds, async ({ query }) => {
    const { current, pageSize } = query;
    const page = await refundDesk.repos.refunds.failedRefunds((current - 1) * pageSize, pageSize);
    return { list: page.rows.map(toOpsFailedRefund), total: page.total, current, pageSize };
  });
  route(api.opsRetryRefund, ({ params, user, request }) =>
    retryRefund(refundDesk, actorOf(user, request.ip), params.id),
  );

  route(api.opsOrders, ({ query }) => searchOrders(orderDesk, query));
  route(api.opsOrdersExport, async ({ query }) => ({
    ...(await ordersXlsx(orderDesk, query)),
    contentType: XLSX_CONTENT_TYPE,
  }));
  route(api.opsOrder, ({ params }) => orderDetail(orderDesk, params.id));
  route(api.opsRefundOrder, ({ params, body, user, request }) =>
    refundOrder(orderDesk, actorOf(user, request.ip), params.id, body),
  );
  route(api.opsFapiaoRequests, ({ query }) => listFapiaoRequests(fapiaoDesk, query));
  route(api.opsDecideFapiao, ({ params, body, user, request }) =>
    decideFapiao(fapiaoDesk, actorOf(user, request.ip), params.id, body),
  );
  route(api.opsReconciliation, ({ query }) => reconcile(reconciliation, query.date));
  route(api.opsReconciliationExport, async ({ query }) => ({
    ...(await reconciliationXlsx(reconciliation, query.date)),
    contentType: XLSX_CONTENT_TYPE,
  }));

  route(api.opsCandidates, ({ query }) => findCandidates(support, query));
  route(api.opsCandidate, ({ params, user, request }) => viewCandidate(support, actorOf(user, request.ip), params.id));
  route(api.opsEndCandidateSessions, ({ params, user, request }) =>
    endCandidateSessions(support, actorOf(user, request.ip), params.id),
  );

  route(api.opsEraseCandidate, ({ params, body, user, request }) =>
    eraseCandidate(support, actorOf(user, request.ip), params.id, body),
  );

  route(api.opsRejectCandidatePhoto, ({ params, user, request, body }) =>
    rejectCandidatePhoto(support, actorOf(user, request.ip), params.id, body.reason),
  );
  route(api.opsCandidateExport, async ({ params, user, request }) => {
    const data = await exportCandidate(support, actorOf(user, request.ip), params.id);
    return {
      bytes: Buffer.from(JSON.stringify(data, null, 2)),
      contentType: 'application/json; charset=utf-8',
      fileName: `personal-data-${params.id}.json`,
    };
  });
}
