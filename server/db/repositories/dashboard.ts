import { and, asc, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DashboardRepository } from '../../domain/ports';
import type { Db } from '../client';
import type { DashboardDayRow } from '../rows';
import { exams, refunds, registrations, testCenters } from '../schema';

/** The console's days are Beijing days (the provider's daily record counts them so too). */
const ZONE = 'Asia/Shanghai';

/** Registrations a candidate was let in for: paid, and those that came. */
const ADMITTED = ['register', 'checkin', 'completed'] as const;
const CAME = ['checkin', 'completed'] as const;

/** node-postgres answers a bigint as a string and PGlite as a bigint: both read as a number. */
const toNumber = (value: unknown) => Number(value ?? 0);

const admittedCount = sql<number>`count(${registrations.id}) FILTER (WHERE ${inArray(registrations.status, [...ADMITTED])})::int`;
const checkedInCount = sql<number>`count(${registrations.id}) FILTER (WHERE ${inArray(registrations.status, [...CAME])})::int`;

/** The dashboard's figures: every count and sum is the database's, over the rows of the range only. */
export function dashboardRepository(db: Db): DashboardRepository {
  const examsStarting = (from: Date, until: Date) =>
    and(gte(exams.startsAt, from), lt(exams.startsAt, until), ne(exams.status, 'canceled'));

  return {
    /**
     * Each day of the range with the orders paid on it (their totals; the registrations of booking orders, as a
     * change order pays for a registration already counted) and the refunds that succeeded on it. The range is
     * read by instant, so the indexes serve it, and grouped by the Beijing day.
     */
    async days(firstDay, lastDay) {
      const result = await db.execute(sql`
        WITH range AS (
          SELECT (${firstDay}::date::timestamp AT TIME ZONE ${ZONE}) AS since,
                 ((${lastDay}::date + 1)::timestamp AT TIME ZONE ${ZONE}) AS until
        ), paid AS (
          SELECT (o.paid_at AT TIME ZONE ${ZONE})::date AS day,
                 sum(o.total_fen)::bigint AS revenue,
                 coalesce(sum(items.n) FILTER (WHERE o.purpose = 'booking'), 0)::bigint AS registrations
          FROM orders o
          CROSS JOIN range
          CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_items i WHERE i.order_id = o.id) AS items
          WHERE o.paid_at >= range.since AND o.paid_at < range.until
          GROUP BY 1
        ), refunded AS (
          SELECT (r.completed_at AT TIME ZONE ${ZONE})::date AS day, sum(r.amount_fen)::bigint AS amount
          FROM refunds r
          CROSS JOIN range
          WHERE r.status = 'succeeded' AND r.completed_at >= range.since AND r.completed_at < range.until
          GROUP BY 1
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
               coalesce(paid.registrations, 0) AS registrations,
               coalesce(paid.revenue, 0) AS revenue,
               coalesce(refunded.amount, 0) AS refunded
        FROM (SELECT generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day')::date AS day) AS d
        LEFT JOIN paid ON paid.day = d.day
        LEFT JOIN refunded ON refunded.day = d.day
        ORDER BY d.day`);
      // node-postgres and PGlite both answer raw statements as { rows }.
      const { rows } = result as unknown as {
        rows: { day: string; registrations: unknown; revenue: unknown; refunded: unknown }[];
      };
      return rows.map(
        (row): DashboardDayRow => ({
          day: row.day,
          registrations: toNumber(row.registrations),
          revenueFen: toNumber(row.revenue),
          refundedFen: toNumber(row.refunded),
        }),
      );
    },

    exams(from, until, limit) {
      return db
        .select({
          exam: {
            id: exams.id,
            code: exams.code,
            nameZh: exams.nameZh,
            nameEn: exams.nameEn,
            startsAt: exams.startsAt,
            capacity: exams.capacity,
            seatsTaken: exams.seatsTaken,
          },
          admitted: admittedCount,
          checkedIn: checkedInCount,
        })
        .from(exams)
        .leftJoin(registrations, eq(registrations.examId, exams.id))
        .where(examsStarting(from, until))
        .groupBy(exams.id)
        .orderBy(asc(exams.startsAt), asc(exams.id))
        .limit(limit);
    },

    async checkin(from, until) {
      const [row] = await db
        .select({ admitted: admittedCount, checkedIn: checkedInCount })
        .from(exams)
        .innerJoin(registrations, eq(registrations.examId, exams.id))
        .where(examsStarting(from, until));
      return { admitted: row?.admitted ?? 0, checkedIn: row?.checkedIn ?? 0 };
    },

    async pendingCenters() {
      const [row] = await db
        .select({ n: count() })
        .from(testCenters)
        .where(eq(testCenters.verificationStatus, 'pending'));
      return row?.n ?? 0;
    },

    async failedRefunds() {
      const [row] = await db
        .select({ n: count(), amount: sql<string>`coalesce(sum(${refunds.amountFen}), 0)::bigint` })
        .from(refunds)
        .where(eq(refunds.status, 'failed'));
      return { count: row?.n ?? 0, amountFen: toNumber(row?.amount) };
    },
  };
}
