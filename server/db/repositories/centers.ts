import { eq, sql } from 'drizzle-orm';
import type { CentersRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { documents, testCenters } from '../schema';

/** A test center's own row and the documents it uploads (its business license, its logo). */
export function centersRepository(db: Db): CentersRepository {
  return {
    async centerOf(ownerId) {
      const [row] = await db.select().from(testCenters).where(eq(testCenters.ownerId, ownerId));
      return row;
    },

    async saveCenter(ownerId, values) {
      const [row] = await db
        .insert(testCenters)
        .values({ id: uuidv7(), ownerId, ...values })
        // A rejected center that saves its profile again is back in the operators' queue, as a new submission.
        .onConflictDoUpdate({
          target: testCenters.ownerId,
          set: {
            ...values,
            verificationStatus: sql`CASE WHEN ${testCenters.verificationStatus} = 'rejected' THEN 'pending'::center_verification_status ELSE ${testCenters.verificationStatus} END`,
            submittedAt: sql`CASE WHEN ${testCenters.verificationStatus} = 'rejected' THEN now() ELSE ${testCenters.submittedAt} END`,
          },
        })
        .returning();
      if (!row) throw new Error('center upsert returned no row');
      return row;
    },

    async insertDocument(document) {
      const id = uuidv7(document.createdAt.getTime());
      await db.insert(documents).values({ id, ...document });
      return id;
    },

    async documentInfo(id) {
      const [row] = await db
        .select({ ownerId: documents.ownerId, purpose: documents.purpose, contentType: documents.contentType })
        .from(documents)
        .where(eq(documents.id, id));
      return row;
    },

    async document(id) {
      const [row] = await db.select().from(documents).where(eq(documents.id, id));
      return row;
    },
  };
}
