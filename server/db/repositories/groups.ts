import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GroupsRepository } from '../../domain/ports';
import { uuidv7 } from '../../ids';
import type { Db } from '../client';
import type { GroupMemberRecord } from '../rows';
import { groupRegistrations, orderItems, profiles, registrations, users } from '../schema';

const LIVE = ['pending', 'register', 'checkin'] as const;

/**
 * Group registrations: the coordinator's draft, its last upload, and the writes of a checkout (every member's
 * account, registration) that run inside one unit of work together with the seats and booking repositories'.
 */
export function groupsRepository(db: Db): GroupsRepository {
  return {
    async insert(row) {
      const [inserted] = await db.insert(groupRegistrations).values(row).returning();
      if (!inserted) throw new Error('group insert returned nothing');
      return inserted;
    },

    /** One group, only its coordinator's; locked when `forUpdate`. */
    async find(id, coordinatorId, forUpdate = false) {
      const query = db
        .select()
        .from(groupRegistrations)
        .where(and(eq(groupRegistrations.id, id), eq(groupRegistrations.coordinatorId, coordinatorId)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Replaces the group's upload; a new upload also forgets an order that expired or was canceled. */
    async setUpload(id, upload) {
      await db.update(groupRegistrations).set({ upload, orderId: null }).where(eq(groupRegistrations.id, id));
    },

    async setOrder(id, orderId) {
      await db.update(groupRegistrations).set({ orderId }).where(eq(groupRegistrations.id, id));
    },

    /**
     * What row validation needs to know about the phones of a file: which already hold a live registration for
     * the exam, and the ID number saved on each phone's individual account ('' when none is saved).
     */
    async memberFacts(examId, phones) {
      if (phones.length === 0)
        return { registeredPhones: new Set<string>(), accountIdNumbers: new Map<string, string>() };
      const [registered, accounts] = await Promise.all([
        db
          .select({ phone: users.phone })
          .from(registrations)
          .innerJoin(users, eq(users.id, registrations.userId))
          .where(
            and(
              eq(registrations.examId, examId),
              inArray(registrations.status, [...LIVE]),
              eq(users.kind, 'individual'),
              inArray(users.phone, phones),
            ),
          ),
        db
          .select({ phone: users.phone, idNumber: profiles.idNumber })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(and(eq(users.kind, 'individual'), inArray(users.phone, phones))),
      ]);
      return {
        registeredPhones: new Set(registered.map((r) => r.phone)),
        accountIdNumbers: new Map(accounts.map((a) => [a.phone, a.idNumber ?? ''])),
      };
    },

    // --- writes: meant to run inside a unit of work ---

    /**
     * Finds or creates the individual account of every member by phone, and fills what the coordinator declared
     * into blank places only (name, ID number, gender, date of birth): a member's own profile is never
     * overwritten. Answers phone -> user id, and the phones whose account holds a different ID number.
     */
    async upsertMembers(members, now) {
      const accounts = await db
        .insert(users)
        .values(
          members.map((m) => ({
            id: uuidv7(now.getTime()),
            phone: m.phone,
            kind: 'individual' as const,
            name: m.name,
          })),
        )
        .onConflictDoUpdate({
          target: [users.phone, users.kind],
          targetWhere: isNull(users.anonymizedAt),
          set: { name: sql`CASE WHEN ${users.name} = '' THEN excluded.name ELSE ${users.name} END` },
        })
        .returning({ id: users.id, phone: users.phone });
      const userIds = new Map(accounts.map((a) => [a.phone, a.id]));
      const byPhone = new Map(members.map((m) => [m.phone, m]));
      const saved = await db
        .insert(profiles)
        .values(
          accounts.map((a) => {
            const member = byPhone.get(a.phone) as GroupMemberRecord;
            return {
              userId: a.id,
              idNumber: member.idNumber,
              gender: member.gender,
              dateOfBirth: member.dateOfBirth,
            };
          }),
        )
        .onConflictDoUpdate({
          target: profiles.userId,
          set: {
            idNumber: sql`CASE WHEN ${profiles.idNumber} = '' THEN excluded.id_number ELSE ${profiles.idNumber} END`,
            gender: sql`COALESCE(${profiles.gender}, excluded.gender)`,
            dateOfBirth: sql`COALESCE(${profiles.dateOfBirth}, excluded.date_of_birth)`,
          },
        })
        .returning({ userId: profiles.userId, idNumber: profiles.idNumber });
      const phoneOf = new Map(accounts.map((a) => [a.id, a.phone]));
      const mismatched = saved
        .filter((p) => p.idNumber !== byPhone.get(phoneOf.get(p.userId) ?? '')?.idNumber)
        .map((p) => phoneOf.get(p.userId) ?? '');
      return { userIds, mismatched };
    },

    /** The registrations an order pays for, with each member's phone, name, ID number and avatar. */
    membersOfOrder(orderId) {
      return db
        .select({
          registration: registrations,
          phone: users.phone,
          name: users.name,
          avatarSmall: users.avatarSmall,
          idNumber: profiles.idNumber,
        })
        .from(orderItems)
        .innerJoin(registrations, eq(registrations.id, orderItems.registrationId))
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(orderItems.orderId, orderId));
    },
  };
}
