import { api } from '../../contract';
import { AppError } from '../errors';
import type { RouteContext } from './context';

export function systemRoutes(ctx: RouteContext): void {
  ctx.route(api.health, async () => ({ status: 'ok' as const }));

  ctx.route(api.ready, async ({ request }) => {
    try {
      await ctx.database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database did not answer');
      throw new AppError('NOT_READY');
    }
    return { status: 'ready' as const, database: 'ok' as const };
  });

  ctx.route(api.site, async () => ({
    companyName: { zh: ctx.config.site.companyNameZh, en: ctx.config.site.companyNameEn },
    filingNumber: ctx.config.site.filingNumber,
    filingUrl: ctx.config.site.filingUrl,
    smsToConsole: ctx.sms.name === 'console',
  }));
}
