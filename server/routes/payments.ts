import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { api } from '../../contract';
import { pathOf } from '../../contract/paths';
import { walletOrderParams } from '../../contract/payment';
import {
  alterSandboxLedger,
  handlePaymentNotification,
  handleRefundNotification,
  walletConfirm,
  walletOrder,
} from '../domain/payments';
import { PAYMENT_NOTIFY_PATH, REFUND_NOTIFY_PATH, SANDBOX_LEDGER_PATH } from '../http/links';
import { endpointRegistrar } from '../http/route';
import { bookingDeps } from '../plugins/domainDeps';
import { hasWallet } from '../providers/payment';

/** What the sandbox's record of a payment may be changed to: another amount, another state, or both. */
const sandboxLedgerChange = z
  .object({
    amountFen: z.number().int().nonnegative().optional(),
    state: z.enum(['open', 'paid', 'closed']).optional(),
  })
  .strict()
  .refine((change) => change.amountFen !== undefined || change.state !== undefined, {
    message: 'Give amountFen, state or both',
  });

/** Provider notifications are small; anything bigger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * Notify callbacks are outside the per-IP API limit: a provider posts every merchant's notifications from a few
 * addresses, and a 429 in our envelope would only make it resend later. Forgeries cost a signature check each.
 */
const NOTIFY_ROUTE = { schema: { hide: true }, config: { rateLimit: false } } as const;

/**
 * The sandbox wallet (contract endpoints) and the provider-facing notify callbacks (payments, and WeChat's refunds).
 * The callbacks live outside the contract registry, in their own scope whose only body parser keeps the body as the
 * exact string received: signatures cover those bytes, so it must not be parsed and re-serialized first.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const deps = bookingDeps(app);
  const route = endpointRegistrar(app);
  route(api.walletOrder, ({ params }) => walletOrder(deps, params.orderId));
  route(api.walletConfirm, ({ params }) => walletConfirm(deps, params.orderId));
  // A test and demo aid, so it is no contract entry: it exists only while the sandbox is the payment provider.
  if (hasWallet(deps.payment)) {
    app.post(
      SANDBOX_LEDGER_PATH,
      { schema: { hide: true, params: walletOrderParams, body: sandboxLedgerChange } },
      async (request) => {
        const { orderId } = walletOrderParams.parse(request.params);
        const change = sandboxLedgerChange.parse(request.body);
        return { success: true, data: await alterSandboxLedger(deps, orderId, change) };
      },
    );
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    const rawBody = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
    for (const provider of ['sandbox', 'wechat'] as const) {
      scope.post(pathOf(PAYMENT_NOTIFY_PATH, { provider }), NOTIFY_ROUTE, async (request, reply) => {
        const input = { headers: request.headers, rawBody: rawBody(request) };
        const answer = await handlePaymentNotification(deps, provider, input);
        return reply.status(answer.status).send(answer.body);
      });
    }
    // The sandbox pays refunds at once; WeChat tells a refund's outcome later, here (the notify_url of each refund).
    scope.post(pathOf(REFUND_NOTIFY_PATH, { provider: 'wechat' }), NOTIFY_ROUTE, async (request, reply) => {
      const input = { headers: request.headers, rawBody: rawBody(request) };
      const answer = await handleRefundNotification(deps, 'wechat', input);
      return reply.status(answer.status).send(answer.body);
    });
  });
}
