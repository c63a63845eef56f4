import { asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OperatorsRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { OperatorListRow } from '../rows';
import { operators, users } from '../schema';

const inviters = alias(users, 'inviter');

/** The platform's operators: an `operator` account (users) and its row here, which removal deletes. */
export function operatorsRepository(db: Db): OperatorsRepository {
  const withAccounts = () =>
    db
      .select({
        operator: operators,
        phone: users.phone,
        name: users.name,
        inviter: { id: inviters.id, name: inviters.name },
      })
      .from(operators)
      .innerJoin(users, eq(users.id, operators.userId))
      .leftJoin(inviters, eq(inviters.id, operators.invitedBy));

  return {
    /** Every operator with its account and who invited it, oldest first. */
    list(): Promise<OperatorListRow[]> {
      return withAccounts().orderBy(asc(operators.invitedAt), asc(operators.userId));
    },

    /** The operator a phone (E.164) belongs to, if any. */
    async byPhone(phone: string): Promise<OperatorListRow | undefined> {
      const [row] = await withAccounts().where(eq(users.phone, phone));
      return row;
    },

    async byUser(userId: string): Promise<OperatorListRow | undefined> {
      const [row] = await withAccounts().where(eq(operators.userId, userId));
      return row;
    },

    /** Makes an account an operator; false when it already is one. */
    async add(row) {
      const inserted = await db.insert(operators).values(row).onConflictDoNothing().returning();
      return inserted.length === 1;
    },

    /** Ends an operator's standing; false when it was not one. */
    async remove(userId: string): Promise<boolean> {
      const rows = await db.delete(operators).where(eq(operators.userId, userId)).returning();
      return rows.length === 1;
    },

    async touchLogin(userId: string, at: Date): Promise<void> {
      await db.update(operators).set({ lastLoginAt: at }).where(eq(operators.userId, userId));
    },

    /** Renames an operator's account (its name as the console and the audit log show it). */
    async rename(userId: string, name: string): Promise<void> {
      await db.update(users).set({ name }).where(eq(users.id, userId));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(operators);
      return row?.n ?? 0;
    },
  };
}
