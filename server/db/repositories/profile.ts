import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import { avatars, cities, invitationCodes, organizations, profiles, users } from '../schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type AvatarRow = typeof avatars.$inferSelect;

/** What a profile save writes: the `profiles` row plus the two `users` columns currentUser shows. */
export interface ProfileWrite {
  userId: string;
  name: string;
  avatarSmall: string;
  profile: Omit<ProfileRow, 'userId' | 'updatedAt'>;
  now: Date;
}

export function profileRepository(db: Db) {
  return {
    async find(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    async cityInProvince(cityCode: string, provinceCode: string): Promise<boolean> {
      const rows = await db
        .select({ code: cities.code })
        .from(cities)
        .where(and(eq(cities.code, cityCode), eq(cities.provinceCode, provinceCode)));
      return rows.length === 1;
    },

    async organizationExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
      return rows.length === 1;
    },

    /** The stored spelling of an active invitation code, matched case-insensitively, or undefined. */
    async activeInvitationCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ code: invitationCodes.code })
        .from(invitationCodes)
        .where(and(sql`upper(${invitationCodes.code}) = upper(${code})`, eq(invitationCodes.active, true)))
        .limit(1);
      return row?.code;
    },

    async avatarOwner(avatarId: string): Promise<string | undefined> {
      const [row] = await db.select({ userId: avatars.userId }).from(avatars).where(eq(avatars.id, avatarId));
      return row?.userId;
    },

    async insertAvatar(avatar: Omit<AvatarRow, 'id' | 'createdAt'> & { createdAt: Date }): Promise<string> {
      const id = uuidv7(avatar.createdAt.getTime());
      await db.insert(avatars).values({ id, ...avatar });
      return id;
    },

    async avatarImage(
      id: string,
      size: 'image' | 'small',
    ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const [row] = await db
        .select({ contentType: avatars.contentType, bytes: size === 'image' ? avatars.image : avatars.small })
        .from(avatars)
        .where(eq(avatars.id, id));
      return row;
    },

    organizations: () =>
      db
        .select()
        .from(organizations)
        .orderBy(asc(sql`lower(${organizations.nameEn})`), asc(organizations.id)),

    /** The profile and the user's name and header avatar: two statements, run in a unit of work. */
    async save(write: ProfileWrite): Promise<ProfileRow> {
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
