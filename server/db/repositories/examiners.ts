import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ExaminersRepository } from '../../domain/ports';
import type { Db } from '../client';
import { examExaminers, examinerProfiles, exams, profiles, registrations, rooms, users } from '../schema';
import { examsWithPlace } from './exams';
import { registrationPersonColumns } from './registrations';

/** Who a registration names, as the door sees it: with the ID photo, and the room and seat. */
const candidateColumns = {
  ...registrationPersonColumns,
  avatarSmall: users.avatarSmall,
  avatarId: profiles.avatarId,
  roomId: registrations.roomId,
  roomName: rooms.name,
  building: rooms.building,
  floor: rooms.floor,
  seat: registrations.seat,
};

/**
 * Examiners: their profile, the exams assigned to them (assigned by the center), and the door (who a ticket names,
 * lookup, check-in). The reads and the write of a check-in are prepared once: a scan must answer fast with a crowd at
 * the door.
 */
export function examinersRepository(db: Db): ExaminersRepository {
  // The exam's assignment to the examiner, if there is one.
  const assignedTo = () =>
    db
      .select({ examinerId: examExaminers.examinerId, roomId: examExaminers.roomId })
      .from(examExaminers)
      .where(
        and(
          eq(examExaminers.examId, sql.placeholder('examId')),
          eq(examExaminers.examinerId, sql.placeholder('examinerId')),
        ),
      );
  const candidates = () =>
    db
      .select(candidateColumns)
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .leftJoin(profiles, eq(profiles.userId, registrations.userId))
      .leftJoin(rooms, eq(rooms.id, registrations.roomId));

  const assignment = assignedTo().prepare('examiner_assignment');
  const candidate = candidates()
    .where(eq(registrations.id, sql.placeholder('registrationId')))
    .prepare('examiner_candidate');
  // A check-in in ONE prepared statement (a scan must answer fast with a crowd at the door): the conditional move
  // register -> checkin of this exam's registration, only if the exam is assigned to the examiner (a double scan
  // moves it once), and who the registration names. The SELECT sees the row as it was before its own statement's
  // UPDATE, so `admittedAt` tells whether this statement checked the candidate in; no row when the exam is not
  // assigned to the examiner or no registration has the id (PostgreSQL runs the UPDATE either way, exactly once).
  const door = db.$with('door').as(assignedTo());
  const admitted = db.$with('admitted').as(
    db
      .update(registrations)
      .set({
        status: 'checkin',
        checkedInAt: sql`${sql.placeholder('at')}::timestamptz`,
        checkedInBy: sql`${sql.placeholder('examinerId')}::uuid`,
      })
      .where(
        and(
          eq(registrations.id, sql.placeholder('registrationId')),
          eq(registrations.examId, sql.placeholder('examId')),
          eq(registrations.status, 'register'),
          sql`EXISTS (SELECT 1 FROM ${door})`,
        ),
      )
      .returning({ admittedId: registrations.id, admittedAt: registrations.checkedInAt }),
  );
  const admit = db
    .with(door, admitted)
    .select({ ...candidateColumns, admittedAt: admitted.admittedAt })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(profiles, eq(profiles.userId, registrations.userId))
    .leftJoin(rooms, eq(rooms.id, registrations.roomId))
    .innerJoin(door, sql`true`)
    .leftJoin(admitted, eq(admitted.admittedId, registrations.id))
    .where(eq(registrations.id, sql.placeholder('registrationId')))
    .prepare('examiner_admit');

  return {
    async profile(userId) {
      const [row] = await db
        .select({
          name: users.name,
          phone: users.phone,
          address: examinerProfiles.address,
          identityId: examinerProfiles.identityId,
        })
        .from(users)
        .leftJoin(examinerProfiles, eq(examinerProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** The name on the account and the examiner's profile: two statements, run in a unit of work. */
    async saveProfile(userId, fields, at) {
      await db.update(users).set({ name: fields.name }).where(eq(users.id, userId));
      const profile = { address: fields.address, identityId: fields.identityId, updatedAt: at };
      await db
        .insert(examinerProfiles)
        .values({ userId, ...profile })
        .onConflictDoUpdate({ target: examinerProfiles.userId, set: profile });
    },

    /** The exams assigned to an examiner, soonest first, in the catalog's shape. */
    assignedExams(examinerId) {
      return examsWithPlace(db)
        .innerJoin(
          examExaminers,
          and(eq(examExaminers.examId, exams.id), eq(examExaminers.examinerId, examinerId)) as SQL,
        )
        .orderBy(asc(exams.startsAt), asc(exams.id));
    },

    /** Paid registrations of each exam (register, checkin, completed) and how many of them were checked in. */
    async doorCounts(examIds) {
      if (examIds.length === 0) return new Map();
      const rows = await db
        .select({
          examId: registrations.examId,
          expected:
            sql<number>`count(*) filter (where ${registrations.status} in ('register', 'checkin', 'completed'))`.mapWith(
              Number,
            ),
          checkedIn: sql<number>`count(*) filter (where ${registrations.status} in ('checkin', 'completed'))`.mapWith(
            Number,
          ),
        })
        .from(registrations)
        .where(inArray(registrations.examId, examIds))
        .groupBy(registrations.examId);
      return new Map(rows.map(({ examId, ...counts }) => [examId, counts]));
    },

    async isAssigned(examId, examinerId) {
      const rows = await assignment.execute({ examId, examinerId });
      return rows.length > 0;
    },

    async assignment(examId, examinerId) {
      const [row] = await assignment.execute({ examId, examinerId });
      return row && { roomId: row.roomId };
    },

    async assignedRooms(examinerId) {
      const rows = await db
        .select({ examId: examExaminers.examId, id: rooms.id, name: rooms.name })
        .from(examExaminers)
        .innerJoin(rooms, eq(rooms.id, examExaminers.roomId))
        .where(eq(examExaminers.examinerId, examinerId));
      return new Map(rows.map(({ examId, ...room }) => [examId, room]));
    },

    async setExaminerRoom(examId, examinerId, roomId) {
      const rows = await db
        .update(examExaminers)
        .set({ roomId })
        .where(and(eq(examExaminers.examId, examId), eq(examExaminers.examinerId, examinerId)))
        .returning({ id: examExaminers.examinerId });
      return rows.length === 1;
    },

    async candidate(registrationId) {
      const [row] = await candidate.execute({ registrationId });
      return row;
    },

    /**
     * Checks a registration of the exam in (register -> checkin) if the exam is assigned to the examiner. Answers who
     * the registration names as it was before, and `admittedAt` when this call checked the candidate in; undefined
     * when the exam is not assigned to the examiner or no registration has the id.
     */
    async admit(examId, registrationId, examinerId, at) {
      const [row] = await admit.execute({ examId, registrationId, examinerId, at: at.toISOString() });
      return row;
    },

    /** The exam's registrations (canceled ones aside) whose candidate has this login phone or ID card number. */
    lookup(examId, match) {
      const condition = 'phone' in match ? eq(users.phone, match.phone) : eq(profiles.idNumber, match.idNumber);
      return candidates()
        .where(and(eq(registrations.examId, examId), ne(registrations.status, 'canceled'), condition))
        .orderBy(asc(users.name), asc(registrations.id))
        .limit(20);
    },

    examiners(examId) {
      return db
        .select({
          userId: users.id,
          phone: users.phone,
          name: users.name,
          assignedAt: examExaminers.assignedAt,
          roomId: examExaminers.roomId,
        })
        .from(examExaminers)
        .innerJoin(users, eq(users.id, examExaminers.examinerId))
        .where(eq(examExaminers.examId, examId))
        .orderBy(asc(examExaminers.assignedAt), asc(users.id));
    },

    async assignExaminer(examId, examinerId, at) {
      await db.insert(examExaminers).values({ examId, examinerId, assignedAt: at }).onConflictDoNothing();
    },

    async unassignExaminer(examId, examinerId) {
      const rows = await db
        .delete(examExaminers)
        .where(and(eq(examExaminers.examId, examId), eq(examExaminers.examinerId, examinerId)))
        .returning({ id: examExaminers.examinerId });
      return rows.length === 1;
    },
  };
}
