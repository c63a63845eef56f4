import type { FastifyInstance } from 'fastify';
import { api } from '../../contract';
import { AppError } from '../errors';
import { endpointRegistrar } from '../http/route';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const route = endpointRegistrar(app);
  route(api.health, async () => ({ status: 'ok' as const }));

  route(api.ready, async ({ request }) => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database did not answer');
      throw new AppError('NOT_READY');
    }
    return { status: 'ready' as const, database: 'ok' as const };
  });

  route(api.site, async () => ({
    companyName: { zh: app.config.site.companyNameZh, en: app.config.site.companyNameEn },
    filingNumber: app.config.site.filingNumber,
    filingUrl: app.config.site.filingUrl,
    smsToConsole: app.providers.sms.name === 'console',
  }));
}
