import { and, asc, count, eq, gt, inArray, isNotNull, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { SeatingRepository } from '../../domain/ports';
import type { Db } from '../client';
import {
  avatars,
  examExaminers,
  examRooms,
  exams,
  groupRegistrations,
  orderItems,
  profiles,
  registrations,
  rooms,
  users,
} from '../schema';

/** Statuses that hold a seat (the schema's LIVE_STATUSES): only these are seated. */
const LIVE = ['pending', 'register', 'checkin'] as const;

/** A PostgreSQL array literal of plain values (ids, numbers): one parameter however many rows an allocation writes. */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

function liveOf(examId: string) {
  return and(eq(registrations.examId, examId), inArray(registrations.status, [...LIVE]));
}

/**
 * Rooms and seats. Seats are written by allocation in one statement over arrays; the seat's uniqueness per exam and
 * room, and its number within the room's seats, are the database's (an index and a trigger, migration 0008).
 */
export function seatingRepository(db: Db): SeatingRepository {
  return {
    rooms(centerId) {
      return db.select().from(rooms).where(eq(rooms.centerId, centerId)).orderBy(asc(rooms.name));
    },

    async room(id, centerId) {
      const [row] = await db
        .select()
        .from(rooms)
        .where(and(eq(rooms.id, id), eq(rooms.centerId, centerId)));
      return row;
    },

    async insertRoom(row) {
      await db.insert(rooms).values(row);
    },

    async updateRoom(id, centerId, write) {
      const [row] = await db
        .update(rooms)
        .set(write)
        .where(and(eq(rooms.id, id), eq(rooms.centerId, centerId)))
        .returning();
      return row;
    },

    async deleteRoom(id, centerId) {
      const used = db.select({ one: sql`1` }).from(examRooms).where(eq(examRooms.roomId, id));
      const deleted = await db
        .delete(rooms)
        .where(and(eq(rooms.id, id), eq(rooms.centerId, centerId), notExists(used)))
        .returning({ id: rooms.id });
      return deleted.length === 1;
    },

    async examRooms(examId) {
      const rows = await db
        .select({ room: rooms })
        .from(examRooms)
        .innerJoin(rooms, eq(rooms.id, examRooms.roomId))
        .where(eq(examRooms.examId, examId))
        .orderBy(asc(rooms.name));
      return rows.map((row) => row.room);
    },

    async setExamRooms(examId, roomIds) {
      await db
        .update(registrations)
        .set({ roomId: null, seat: null })
        .where(
          and(
            eq(registrations.examId, examId),
            isNotNull(registrations.roomId),
            notInArray(registrations.roomId, roomIds),
          ),
        );
      // An examiner keeping the door of a room the exam no longer uses keeps any room's door again.
      await db
        .update(examExaminers)
        .set({ roomId: null })
        .where(
          and(
            eq(examExaminers.examId, examId),
            isNotNull(examExaminers.roomId),
            notInArray(examExaminers.roomId, roomIds),
          ),
        );
      await db.delete(examRooms).where(and(eq(examRooms.examId, examId), notInArray(examRooms.roomId, roomIds)));
      await db
        .insert(examRooms)
        .values(roomIds.map((roomId) => ({ examId, roomId })))
        .onConflictDoNothing();
    },

    async setTicketsRelease(examId, at) {
      await db.update(exams).set({ ticketsReleaseAt: at }).where(eq(exams.id, examId));
    },

    async seatingCounts(examId) {
      const rows = await db
        .select({ seated: isNotNull(registrations.roomId), n: count() })
        .from(registrations)
        .where(liveOf(examId))
        .groupBy(isNotNull(registrations.roomId));
      const of = (seated: boolean) => rows.find((row) => row.seated === seated)?.n ?? 0;
      return { seated: of(true), unseated: of(false) };
    },

    async candidates(examId) {
      // Two plain reads joined here: an embedded database without fresh statistics plans a join of them poorly.
      const [live, members] = await Promise.all([
        db
          .select({ registrationId: registrations.id, roomId: registrations.roomId, seat: registrations.seat })
          .from(registrations)
          .where(liveOf(examId))
          .orderBy(asc(registrations.createdAt), asc(registrations.id)),
        // A group's members are the registrations its (paid or current) order pays for.
        db
          .select({ registrationId: orderItems.registrationId, groupId: groupRegistrations.id })
          .from(groupRegistrations)
          .innerJoin(orderItems, eq(orderItems.orderId, groupRegistrations.orderId))
          .where(eq(groupRegistrations.examId, examId)),
      ]);
      const groupOf = new Map(members.map((member) => [member.registrationId, member.groupId]));
      return live.map((row) => ({ ...row, groupId: groupOf.get(row.registrationId) ?? null }));
    },

    async clearSeats(examId) {
      await db
        .update(registrations)
        .set({ roomId: null, seat: null })
        .where(and(eq(registrations.examId, examId), isNotNull(registrations.roomId)));
    },

    async assignSeats(examId, seats, bumpVersion) {
      if (seats.length === 0) return;
      const ids = arrayLiteral(seats.map((s) => s.registrationId));
      const roomIds = arrayLiteral(seats.map((s) => s.roomId));
      const numbers = arrayLiteral(seats.map((s) => s.seat));
      await db.execute(sql`
        UPDATE registrations AS r
           SET room_id = v.room_id, seat = v.seat, ticket_version = r.ticket_version + ${bumpVersion ? 1 : 0}
          FROM unnest(${ids}::uuid[], ${roomIds}::uuid[], ${numbers}::int[]) AS v(id, room_id, seat)
         WHERE r.id = v.id AND r.exam_id = ${examId}::uuid`);
    },

    async markAllocated(examId, at) {
      await db.update(exams).set({ seatsAllocatedAt: at }).where(eq(exams.id, examId));
    },

    async examsToSeat(now) {
      const rows = await db
        .select({ id: exams.id })
        .from(exams)
        .where(
          and(
            eq(exams.status, 'active'),
            lte(exams.registrationEndsAt, now),
            gt(exams.startsAt, now),
            sql`EXISTS (SELECT 1 FROM ${examRooms} WHERE ${examRooms.examId} = ${exams.id})`,
            sql`EXISTS (SELECT 1 FROM ${registrations} WHERE ${registrations.examId} = ${exams.id}
                 AND ${registrations.roomId} IS NULL AND ${registrations.status} IN ('pending', 'register', 'checkin'))`,
          ),
        );
      return rows.map((row) => row.id);
    },

    async ticketSheets(registrationIds, withPhotos) {
      if (registrationIds.length === 0) return [];
      const rows = await db
        .select({
          registrationId: registrations.id,
          roomName: rooms.name,
          building: rooms.building,
          floor: rooms.floor,
          seat: registrations.seat,
          photo: withPhotos ? avatars.image : sql<Buffer | null>`NULL`,
        })
        .from(registrations)
        .leftJoin(rooms, eq(rooms.id, registrations.roomId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .leftJoin(avatars, eq(avatars.id, profiles.avatarId))
        .where(inArray(registrations.id, registrationIds));
      return rows.map((row) => ({
        registrationId: row.registrationId,
        room:
          row.roomName === null ? null : { name: row.roomName, building: row.building ?? '', floor: row.floor ?? '' },
        seat: row.roomName === null ? null : row.seat,
        photo: row.photo ? Buffer.from(row.photo) : null,
      }));
    },

    async ticketVersion(registrationId) {
      const [row] = await db
        .select({ version: registrations.ticketVersion })
        .from(registrations)
        .where(eq(registrations.id, registrationId));
      return row?.version;
    },

    async doorSheets(examId, withPhotos) {
      const rows = await db
        .select({
          registrationId: registrations.id,
          roomId: registrations.roomId,
          seat: registrations.seat,
          name: users.name,
          idNumber: profiles.idNumber,
          photo: withPhotos ? avatars.image : sql<Buffer | null>`NULL`,
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(profiles, eq(profiles.userId, registrations.userId))
        .leftJoin(avatars, eq(avatars.id, profiles.avatarId))
        .where(and(liveOf(examId), isNotNull(registrations.roomId)))
        .orderBy(asc(registrations.roomId), asc(registrations.seat));
      return rows.map((row) => ({
        ...row,
        roomId: row.roomId as string,
        seat: row.seat as number,
        photo: row.photo ? Buffer.from(row.photo) : null,
      }));
    },
  };
}
