import { and, eq, sql } from 'drizzle-orm';
import type { PromotionsRepository } from '../../domain/ports';
import type { Db } from '../client';
import { promotions } from '../schema';

/** Promotion codes (a discount at checkout) and invitation codes (a referral saved on the profile). */
export function promotionsRepository(db: Db): PromotionsRepository {
  return {
    async promoCode(code) {
      const [row] = await db
        .select()
        .from(promotions)
        .where(
          and(eq(promotions.code, code.toUpperCase()), eq(promotions.kind, 'promotion'), eq(promotions.active, true)),
        );
      return row;
    },

    async activeInvitationCode(code) {
      const [row] = await db
        .select({ code: promotions.code })
        .from(promotions)
        .where(
          and(
            sql`upper(${promotions.code}) = upper(${code})`,
            eq(promotions.kind, 'invitation'),
            eq(promotions.active, true),
          ),
        )
        .limit(1);
      return row?.code;
    },
  };
}
