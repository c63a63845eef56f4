import {
  type CandidatePhoto,
  type ErasureRequest,
  type ErasureResult,
  KEPT_RECORDS,
  maskIdCard,
  type OpsCandidate,
  type OpsCandidateDetail,
  type OpsCandidateLookupQuery,
} from '../../contract';
import { chinaMobileToE164 } from '../../contract/phone';
import type { ErasureFacts, SupportCandidateRow } from '../db/rows';
import { AppError } from '../errors';
import { type Actor, record } from './audit';
import { toCandidatePhoto } from './candidatePhoto';
import { toOpsOrderRow } from './orderDesk';
import { maskPhone, normalizeChinaMobile } from './phone';
import type { Links, Repositories, UnitOfWork } from './ports';
import { toOpsRefund } from './refundDesk';
import { freeingSeats, type SeatEvents } from './seats';
import { leaveEveryWaitlist } from './waitlist';

/** Support (permission `support`): candidates looked up, their records read, sessions ended, data exported or erased. */
export interface SupportDeps {
  repos: Pick<Repositories, 'support'>;
  uow: UnitOfWork;
  now: () => Date;
  /** Where the candidate's photo is served. */
  links: Pick<Links, 'avatar'>;
  /** Told of the seats an erased candidate's open waiting-list offers give back. */
  seats: SeatEvents;
}

function toOpsCandidate(row: SupportCandidateRow): OpsCandidate {
  return {
    id: row.user.id,
    phone: row.user.phone,
    name: row.user.name,
    maskedIdNumber: row.idNumber ? maskIdCard(row.idNumber) : '',
    createdAt: row.user.createdAt.toISOString(),
    activeSessions: row.activeSessions,
    anonymizedAt: row.user.anonymizedAt?.toISOString() ?? null,
  };
}

/** Candidates by login phone (any spelling of a mainland mobile, else PHONE_INVALID) or by whole ID number. */
export async function findCandidates(deps: SupportDeps, query: OpsCandidateLookupQuery): Promise<OpsCandidate[]> {
  const match = query.phone ? { phone: normalizeChinaMobile(query.phone) } : { idNumber: query.idNumber ?? '' };
  return (await deps.repos.support.candidates(match, deps.now())).map(toOpsCandidate);
}

const candidateTarget = (row: SupportCandidateRow) => ({
  type: 'candidate',
  id: row.user.id,
  label: `${row.user.name} (${row.user.phone})`,
});

/** The registrations and orders of a candidate as the console shows them. */
async function recordsOf(
  links: SupportDeps['links'],
  tx: Pick<Repositories, 'support' | 'profiles'>,
  candidate: SupportCandidateRow,
) {
  const userId = candidate.user.id;
  const [registrations, orders, photo] = await Promise.all([
    tx.support.registrationsOf(userId),
    tx.support.ordersOf(userId),
    tx.profiles.photoOf(userId),
  ]);
  return {
    ...toOpsCandidate(candidate),
    registrations: registrations.map(({ registration, exam, outcome }) => ({
      id: registration.id,
      status: registration.status,
      exam: {
        id: exam.id,
        code: exam.code,
        name: { zh: exam.nameZh, en: exam.nameEn },
        startsAt: exam.startsAt.toISOString(),
        timeZone: exam.timeZone,
      },
      createdAt: registration.createdAt.toISOString(),
      checkedInAt: registration.checkedInAt?.toISOString() ?? null,
      outcome,
    })),
    orders: orders.map(toOpsOrderRow),
    photo: toCandidatePhoto(links, photo),
  };
}

/** A candidate's registrations and orders; reading them is personal data seen, so it is audited (candidate.view). */
export async function viewCandidate(
  deps: SupportDeps,
  actor: Actor & { id: string },
  userId: string,
): Promise<OpsCandidateDetail> {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const candidate = await tx.support.candidate(userId, now);
    if (!candidate) throw new AppError('NOT_FOUND');
    const detail = await recordsOf(deps.links, tx, candidate);
    await record(tx.audit, actor, now, {
      action: 'candidate.view',
      target: candidateTarget(candidate),
      before: null,
      after: null,
    });
    return detail;
  });
}

/**
 * Rejects a candidate's current photo with the reason they will read (not a face, not them): their ticket waits for
 * a new photo. Audited as candidate.photo.reject with the reason before and after; PHOTO_NONE without a photo.
 */
export async function rejectCandidatePhoto(
  deps: SupportDeps,
  actor: Actor & { id: string },
  userId: string,
  reason: string,
): Promise<CandidatePhoto> {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const candidate = await tx.support.candidate(userId, now);
    if (!candidate) throw new AppError('NOT_FOUND');
    const photo = await tx.profiles.photoOf(userId);
    if (!photo.avatarId) throw new AppError('PHOTO_NONE');
    await tx.profiles.rejectPhoto(photo.avatarId, reason, now);
    await record(tx.audit, actor, now, {
      action: 'candidate.photo.reject',
      target: candidateTarget(candidate),
      before: { photoRejectionReason: photo.photoRejectionReason },
      after: { photoRejectionReason: reason },
    });
    const rejected = toCandidatePhoto(deps.links, { ...photo, photoRejectedAt: now, photoRejectionReason: reason });
    if (!rejected) throw new Error(`candidate ${userId} lost the photo being rejected`);
    return rejected;
  });
}

/** Ends every live session of a candidate (a lost phone, a shared computer), audited as candidate.logout. */
export async function endCandidateSessions(
  deps: SupportDeps,
  actor: Actor & { id: string },
  userId: string,
): Promise<{ ended: number }> {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const candidate = await tx.support.candidate(userId, now);
    if (!candidate) throw new AppError('NOT_FOUND');
    const ended = await tx.sessions.revokeAll(userId, now);
    await record(tx.audit, actor, now, {
      action: 'candidate.logout',
      target: candidateTarget(candidate),
      before: { activeSessions: candidate.activeSessions },
      after: { activeSessions: 0 },
    });
    return { ended };
  });
}

/**
 * Everything the service keeps of a candidate, as the file they may ask for (PIPL): the account, the whole profile,
 * every registration and order, the refunds of those orders and the published results. Audited as candidate.export.
 */
export async function exportCandidate(deps: SupportDeps, actor: Actor & { id: string }, userId: string) {
  const now = deps.now();
  return deps.uow.run(async (tx) => {
    const candidate = await tx.support.candidate(userId, now);
    if (!candidate) throw new AppError('NOT_FOUND');
    const [records, profile, results] = await Promise.all([
      recordsOf(deps.links, tx, candidate),
      tx.profiles.find(userId),
      tx.results.resultsOf(userId),
    ]);
    const refunds = await tx.refunds.refundsOfOrders(records.orders.map((order) => order.id));
    await record(tx.audit, actor, now, {
      action: 'candidate.export',
      target: candidateTarget(candidate),
      before: null,
      after: null,
    });
    const { activeSessions, maskedIdNumber, registrations, orders, photo, ...account } = records;
    return {
      exportedAt: now.toISOString(),
      account,
      profile: profile && {
        idNumber: profile.idNumber,
        gender: profile.gender,
        dateOfBirth: profile.dateOfBirth,
        email: profile.email,
        contactPhone: profile.contactPhone,
        address: profile.address,
        provinceCode: profile.provinceCode,
        cityCode: profile.cityCode,
        organizationId: profile.organizationId,
        invitationCode: profile.invitationCode,
        updatedAt: profile.updatedAt.toISOString(),
        // A rejection of their photo is said about them: the file carries it (the image itself is on their profile).
        photoRejection: photo?.rejection ?? null,
      },
      registrations,
      orders,
      refunds: refunds.map(toOpsRefund),
      results: results.flatMap(({ registration, result }) =>
        result
          ? [
              {
                registrationId: registration.id,
                outcome: result.outcome,
                certificateNumber: result.certificateNumber,
                publishedAt: result.publishedAt?.toISOString() ?? null,
              },
            ]
          : [],
      ),
    };
  });
}

/** The records an anonymized account keeps, each kind with its count (kinds it has none of left out). */
function keptRecords(facts: ErasureFacts): ErasureResult['kept'] {
  return KEPT_RECORDS.flatMap((record) => (facts[record] > 0 ? [{ record, count: facts[record] }] : []));
}

/** What the audit row of an erasure says the account held: kinds of data and how many, never the data itself. */
function heldKinds(facts: ErasureFacts): Record<string, number> {
  const { live, payments, ...held } = facts;
  return held;
}

/**
 * Erasure on request (PIPL), confirmed by the candidate's phone typed again (ERASURE_CONFIRMATION_MISMATCH). Refused
 * while a registration is live (ERASURE_BLOCKED: cancel it first). An account with no result and no payment record
 * is deleted with everything of it; otherwise it is anonymized and its results, orders, refunds and registrations
 * stay, nameless. Either way no session of it works any more and its phone signs up afresh, and its waiting-list
 * places end (an open offer's seat passes to the next in line). Audited as candidate.erase in the same transaction.
 */
export async function eraseCandidate(
  deps: SupportDeps,
  actor: Actor & { id: string },
  userId: string,
  request: ErasureRequest,
): Promise<ErasureResult> {
  const now = deps.now();
  return freeingSeats(deps.seats, (freed) =>
    deps.uow.run(async (tx) => {
      const candidate = await tx.support.candidate(userId, now, true);
      if (!candidate) throw new AppError('NOT_FOUND');
      const phone = candidate.user.phone;
      if (!phone || chinaMobileToE164(request.confirmPhone) !== phone) {
        throw new AppError('ERASURE_CONFIRMATION_MISMATCH');
      }
      const facts = await tx.support.erasureFacts(userId);
      if (facts.live > 0) throw new AppError('ERASURE_BLOCKED');
      // The masked phone, not "name (phone)" as reading a candidate records: the log cannot be changed, and should
      // not go on naming in clear the person who asked to be forgotten.
      const target = { type: 'candidate', id: userId, label: maskPhone(phone) };
      const before = heldKinds(facts);
      await leaveEveryWaitlist(tx, freed, userId, now);
      if (facts.payments === 0 && facts.results === 0) {
        await tx.support.eraseAccount(userId, phone);
        await record(tx.audit, actor, now, { action: 'candidate.erase', target, before, after: null });
        return { outcome: 'erased', kept: [], sessionsEnded: candidate.activeSessions };
      }
      const sessionsEnded = await tx.sessions.revokeAll(userId, now);
      await tx.support.anonymizeAccount(userId, now);
      const kept = keptRecords(facts);
      await record(tx.audit, actor, now, {
        action: 'candidate.erase',
        target,
        before,
        after: { anonymizedAt: now.toISOString(), kept },
      });
      return { outcome: 'anonymized', kept, sessionsEnded };
    }),
  );
}
