import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CenterVerificationRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { VerificationRow } from '../rows';
import { cities, documents, provinces, testCenters, users } from '../schema';
import { containing } from './exams';

const owners = alias(users, 'owner');
const deciders = alias(users, 'decider');

/** Test centers' verification (the operators' queue): read with what an operator checks, changed state by state. */
export function centerVerificationRepository(db: Db): CenterVerificationRepository {
  const rows = () =>
    db
      .select({
        center: testCenters,
        provinceName: provinces.name,
        cityName: cities.name,
        licenseContentType: documents.contentType,
        ownerPhone: owners.phone,
        decider: { id: deciders.id, name: deciders.name },
      })
      .from(testCenters)
      .innerJoin(provinces, eq(provinces.code, testCenters.provinceCode))
      .innerJoin(cities, eq(cities.code, testCenters.cityCode))
      .leftJoin(documents, eq(documents.id, testCenters.licenseId))
      .leftJoin(owners, eq(owners.id, testCenters.ownerId))
      .leftJoin(deciders, eq(deciders.id, testCenters.verificationDecidedBy));

  return {
    /** Centers of a status (any without), oldest submission first; `text` is part of the name, tax ID or phone. */
    async page(filter, offset, limit) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(testCenters.verificationStatus, filter.status));
      if (filter.text) {
        const pattern = containing(filter.text);
        conditions.push(
          or(
            ilike(testCenters.nameZh, pattern),
            ilike(testCenters.taxId, pattern),
            ilike(testCenters.contactPhone, pattern),
          ) as SQL,
        );
      }
      const where = and(...conditions);
      const [list, totals] = await Promise.all([
        rows().where(where).orderBy(asc(testCenters.submittedAt), asc(testCenters.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(testCenters).where(where),
      ]);
      return { rows: list, total: totals[0]?.n ?? 0 };
    },

    async byId(id): Promise<VerificationRow | undefined> {
      const [row] = await rows().where(eq(testCenters.id, id));
      return row;
    },

    /** Moves a center from one of `from` to the change's status; false when it was in none of them. */
    async decide(id, from, change) {
      const updated = await db
        .update(testCenters)
        .set({
          verificationStatus: change.status,
          verificationReason: change.reason,
          verificationDecidedBy: change.decidedBy,
          verificationDecidedAt: change.decidedAt,
        })
        .where(and(eq(testCenters.id, id), inArray(testCenters.verificationStatus, [...from])))
        .returning({ id: testCenters.id });
      return updated.length === 1;
    },

    /** The center's license file, for an operator to read. */
    async license(id) {
      const [row] = await db
        .select({ bytes: documents.bytes, contentType: documents.contentType })
        .from(testCenters)
        .innerJoin(documents, eq(documents.id, testCenters.licenseId))
        .where(eq(testCenters.id, id));
      return row;
    },
  };
}
