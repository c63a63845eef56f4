import { eq, inArray, sql } from 'drizzle-orm';
import { batchedLookups } from '../../domain/batched';
import type { ProfilesRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { once } from '../once';
import { avatars, profiles, promotions, registrations, users } from '../schema';

/** The current photo's columns: the avatar a profile names and its rejection. */
export const photoStateColumns = {
  avatarId: avatars.id,
  photoRejectedAt: avatars.rejectedAt,
  photoRejectionReason: avatars.rejectionReason,
};

/** The most candidates one read of booking profiles carries; a larger crowd waits for the next read. */
const MAX_BOOKING_PROFILES = 500;

/**
 * A candidate's profile and avatars, and what booking reads of them: every quote and booking does, so those reads
 * are prepared and go many per statement (domain/batched.ts: a read that finds none running is sent at once, alone,
 * and those arriving meanwhile go together when it returns), as session lookups do.
 */
export function profilesRepository(db: Db): ProfilesRepository {
  const bookingProfiles = once(() =>
    db
      .select({
        userId: users.id,
        name: users.name,
        phone: users.phone,
        avatarSmall: users.avatarSmall,
        profile: profiles,
        invitation: promotions,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(promotions, eq(promotions.code, profiles.invitationCode))
      .where(sql`${users.id} = any(${sql.placeholder('userIds')}::uuid[])`)
      .prepare('booking_profiles'),
  );
  const bookingProfile = batchedLookups(MAX_BOOKING_PROFILES, async (userIds) => {
    const rows = await bookingProfiles().execute({ userIds });
    return new Map(rows.map(({ userId, ...row }) => [userId, row]));
  });

  return {
    async find(userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    bookingProfile,

    async avatarOwner(avatarId) {
      const [row] = await db.select({ userId: avatars.userId }).from(avatars).where(eq(avatars.id, avatarId));
      return row?.userId;
    },

    async insertAvatar(avatar) {
      const id = uuidv7(avatar.createdAt.getTime());
      await db.insert(avatars).values({ id, ...avatar });
      return id;
    },

    async avatarImage(id, size) {
      const [row] = await db
        .select({ contentType: avatars.contentType, bytes: size === 'image' ? avatars.image : avatars.small })
        .from(avatars)
        .where(eq(avatars.id, id));
      return row;
    },

    async photoOf(userId) {
      const [row] = await db
        .select(photoStateColumns)
        .from(profiles)
        .innerJoin(avatars, eq(avatars.id, profiles.avatarId))
        .where(eq(profiles.userId, userId));
      return row ?? { avatarId: null, photoRejectedAt: null, photoRejectionReason: null };
    },

    async photosOfRegistrations(registrationIds) {
      if (registrationIds.length === 0) return [];
      return db
        .select({ registrationId: registrations.id, name: users.name, ...photoStateColumns })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .leftJoin(avatars, eq(avatars.id, profiles.avatarId))
        .where(inArray(registrations.id, registrationIds));
    },

    async rejectPhoto(avatarId, reason, at) {
      await db.update(avatars).set({ rejectedAt: at, rejectionReason: reason }).where(eq(avatars.id, avatarId));
    },

    async save(write) {
      const values = { ...write.profile, updatedAt: write.now };
      const [row] = await db
        .insert(profiles)
        .values({ userId: write.userId, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values })
        .returning();
      if (!row) throw new Error('profile upsert returned no row');
      await db
        .update(users)
        .set({ name: write.name, avatarSmall: write.avatarSmall })
        .where(eq(users.id, write.userId));
      return row;
    },
  };
}
