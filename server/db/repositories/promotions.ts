import { and, eq, sql } from 'drizzle-orm';
import type { PromotionsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { invitationCodes, promoCodes } from '../schema';

/** Promotion codes (a discount at checkout) and invitation codes (a referral saved on the profile). */
export function promotionsRepository(db: Db): PromotionsRepository {
  return {
    async promoCode(code) {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
      return row;
    },

    async activeInvitationCode(code) {
      const [row] = await db
        .select({ code: invitationCodes.code })
        .from(invitationCodes)
        .where(and(sql`upper(${invitationCodes.code}) = upper(${code})`, eq(invitationCodes.active, true)))
        .limit(1);
      return row?.code;
    },
  };
}
