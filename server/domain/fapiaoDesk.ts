import type { FapiaoStatus, OpsFapiao, OpsFapiaoDecision, OpsFapiaoList } from '../../contract';
import type { FapiaoDeskRow } from '../db/rows';
import { AppError } from '../errors';
import { type Actor, record } from './audit';
import type { Repositories, UnitOfWork } from './ports';
import { toFapiaoView } from './receipts';

/**
 * Fapiao requests as operators with `finance` handle them. Issuing happens on the tax platform, outside this service:
 * the console records that it was issued (or why not), for the payer to read on the receipt.
 */
export interface FapiaoDeskDeps {
  repos: Pick<Repositories, 'fapiao'>;
  uow: UnitOfWork;
  now: () => Date;
}

export function toOpsFapiao(row: FapiaoDeskRow): OpsFapiao {
  return {
    ...toFapiaoView(row.fapiao),
    orderId: row.order.id,
    orderTotalFen: row.order.totalFen,
    orderRefundedFen: row.order.refundedFen,
    payer: { name: row.payer.name, phone: row.payer.phone },
    exam: { code: row.exam.code, name: { zh: row.exam.nameZh, en: row.exam.nameEn } },
  };
}

/** A page of the requests in `status` (all when absent), the longest waiting first. */
export async function listFapiaoRequests(
  deps: Pick<FapiaoDeskDeps, 'repos'>,
  query: { status?: FapiaoStatus; current: number; pageSize: number },
): Promise<OpsFapiaoList> {
  const { current, pageSize } = query;
  const page = await deps.repos.fapiao.page(query.status, (current - 1) * pageSize, pageSize);
  return { list: page.rows.map(toOpsFapiao), total: page.total, current, pageSize };
}

/**
 * Marks a requested fapiao issued or rejected with the operator's note, audited in the same transaction. A request
 * already decided answers FAPIAO_ALREADY_DECIDED and changes nothing; an unknown one NOT_FOUND.
 */
export async function decideFapiao(
  deps: FapiaoDeskDeps,
  actor: Actor,
  id: string,
  decision: OpsFapiaoDecision,
): Promise<OpsFapiao> {
  return deps.uow.run(async (tx) => {
    const before = await tx.fapiao.one(id);
    if (!before) throw new AppError('NOT_FOUND');
    const now = deps.now();
    const decided = await tx.fapiao.decide(id, decision.status, decision.note, now);
    if (!decided) throw new AppError('FAPIAO_ALREADY_DECIDED');
    await record(tx.audit, actor, now, {
      action: decision.status === 'issued' ? 'fapiao.issue' : 'fapiao.reject',
      target: { type: 'fapiao', id, label: `${before.fapiao.title} (${before.order.id})` },
      before: { status: before.fapiao.status, note: before.fapiao.note },
      after: { status: decided.status, note: decided.note },
    });
    return toOpsFapiao({ ...before, fapiao: decided });
  });
}
