import { eq, inArray, sql } from 'drizzle-orm';
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

/** A candidate's profile and avatars, and what booking reads of them (prepared: every booking reads it). */
export function profilesRepository(db: Db): ProfilesRepository {
  const bookingProfile = once(() =>
    db
      .select({
        name: users.name,
        phone: users.phone,
        avatarSmall: users.avatarSmall,
        profile: profiles,
        invitation: promotions,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(promotions, eq(promotions.code, profiles.invitationCode))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('booking_profile'),
  );

  return {
    async find(userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    async bookingProfile(userId) {
      const [row] = await bookingProfile().execute({ userId });
      return row;
    },

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
