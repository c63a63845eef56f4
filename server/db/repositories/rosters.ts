import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { RosterFilter, RostersRepository } from '../../domain/ports';
import type { Db } from '../client';
import { avatars, profiles, registrations, results, rooms, users } from '../schema';
import { containing } from './exams';
import { photoStateColumns } from './profiles';
import { registrationPersonColumns } from './registrations';

/** A registration as a roster line shows it: who, their status, and the result if one was entered. */
const rosterColumns = {
  ...registrationPersonColumns,
  outcome: results.outcome,
  certificateNumber: results.certificateNumber,
  room: rooms.name,
  seat: registrations.seat,
  ...photoStateColumns,
};

function rosterWhere(examId: string, filter: Omit<RosterFilter, 'offset' | 'limit'>) {
  const conditions: SQL[] = [eq(registrations.examId, examId)];
  if (filter.status) conditions.push(eq(registrations.status, filter.status));
  if (filter.text) {
    const pattern = containing(filter.text);
    // A phone typed with spaces or dashes still finds the stored E.164 number.
    const phonePattern = containing(filter.text.replace(/[\s\-()]/g, ''));
    const match = or(
      ilike(users.name, pattern),
      ilike(users.phone, phonePattern),
      ilike(profiles.idNumber, pattern),
    ) as SQL;
    conditions.push(match);
  }
  return and(...conditions);
}

/** An exam's candidates as its center sees them: the roster (searched, paged or whole), one line, a sheet's matches. */
export function rostersRepository(db: Db): RostersRepository {
  const lines = () =>
    db
      .select(rosterColumns)
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .leftJoin(profiles, eq(profiles.userId, registrations.userId))
      .leftJoin(results, eq(results.registrationId, registrations.id))
      .leftJoin(rooms, eq(rooms.id, registrations.roomId))
      .leftJoin(avatars, eq(avatars.id, profiles.avatarId));

  return {
    async roster(examId, filter) {
      const where = rosterWhere(examId, filter);
      const page = lines()
        .where(where)
        .orderBy(asc(registrations.createdAt), asc(registrations.id))
        .offset(filter.offset)
        .$dynamic();
      const [rows, totals] = await Promise.all([
        filter.limit === undefined ? page : page.limit(filter.limit),
        db
          .select({ n: count() })
          .from(registrations)
          .innerJoin(users, eq(users.id, registrations.userId))
          .leftJoin(profiles, eq(profiles.userId, registrations.userId))
          .where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async rosterLine(registrationId, examId) {
      const [row] = await lines().where(and(eq(registrations.id, registrationId), eq(registrations.examId, examId)));
      return row;
    },

    candidatesOf(examId) {
      return db
        .select({
          registrationId: registrations.id,
          status: registrations.status,
          phone: users.phone,
          idNumber: profiles.idNumber,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .where(and(eq(registrations.examId, examId), ne(registrations.status, 'canceled')));
    },
  };
}
