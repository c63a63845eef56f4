import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { OtpRepository, SessionsRepository, UsersRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import type { ActiveUser } from '../rows';
import { operators, otpCodes, sessions, users } from '../schema';

export function usersRepository(db: Db): UsersRepository {
  return {
    async findOrCreate(phone, kind) {
      const [inserted] = await db.insert(users).values({ id: uuidv7(), phone, kind }).onConflictDoNothing().returning();
      if (inserted) return { user: inserted, created: true };
      const [existing] = await db
        .select()
        .from(users)
        .where(and(eq(users.phone, phone), eq(users.kind, kind)));
      if (!existing) throw new Error('user vanished between insert and select');
      return { user: existing, created: false };
    },

    async setLocale(userId, locale) {
      await db.update(users).set({ locale }).where(eq(users.id, userId));
    },
  };
}

export function sessionsRepository(db: Db): SessionsRepository {
  // Every authenticated request runs this, for many tokens at once (domain/auth.ts sessionLookups): prepared once,
  // it skips building the SQL and re-planning it each time.
  const activeUsers = db
    .select({ tokenHash: sessions.tokenHash, user: users, permissions: operators.permissions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(operators, eq(operators.userId, users.id))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A login racing support's anonymization could leave a session on the account: it never works.
        isNull(users.anonymizedAt),
      ),
    )
    .prepare('session_active_users');
  return {
    async create(session) {
      await db.insert(sessions).values({ id: uuidv7(), ...session });
    },
    /** The users of sessions that are neither expired nor revoked, of accounts not anonymized, by token hash. */
    async findActiveUsers(tokenHashes, now) {
      const rows = await activeUsers.execute({ tokenHashes, now });
      const found = new Map<string, ActiveUser>();
      for (const row of rows) {
        if (row.user.kind === 'operator' && !row.permissions) continue;
        found.set(row.tokenHash, { ...row.user, permissions: row.permissions ?? [] });
      }
      return found;
    },
    /**
     * Ends every live session of a user (an operator removed, a candidate's sessions ended by support); answers how
     * many were live (an expired session has ended already).
     */
    async revokeAll(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async revoke(tokenHash, now) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },
  };
}

export function otpRepository(db: Db): OtpRepository {
  return {
    async insert(code) {
      await db.insert(otpCodes).values({ id: uuidv7(), ...code });
    },
    /** The newest code for the phone and kind: it supersedes every older one. */
    async latest(phone, kind) {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.kind, kind)))
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .limit(1);
      return row;
    },
    /** Counts a wrong try; answers the attempts so far. */
    async recordWrongAttempt(id) {
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts });
      return row?.attempts ?? 0;
    },
    /**
     * Marks the code used, only if it still is usable; answers false when a concurrent login got there first,
     * so one code can never open two sessions.
     */
    async consume(id, now, maxAttempts) {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.id, id),
            isNull(otpCodes.consumedAt),
            lt(otpCodes.attempts, maxAttempts),
            gt(otpCodes.expiresAt, now),
          ),
        )
        .returning({ id: otpCodes.id });
      return rows.length === 1;
    },
  };
}
