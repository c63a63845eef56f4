import type { Dashboard, DashboardQuery } from '../../contract';
import { beijingMidnight } from './audit';
import type { Repositories } from './ports';

export interface DashboardDeps {
  repos: Pick<Repositories, 'dashboard'>;
  now: () => Date;
}

/** Exams listed on the dashboard; the check-in figure counts every exam of the range. */
const EXAMS_SHOWN = 50;

/**
 * The console's landing page over the Beijing days of the query, every figure counted by the database. Money is
 * shown only to an operator holding `finance`: the others get the same figures with null where money would be.
 */
export async function dashboardFigures(
  deps: DashboardDeps,
  query: DashboardQuery,
  finance: boolean,
): Promise<Dashboard> {
  const from = beijingMidnight(query.from);
  const until = beijingMidnight(query.to);
  until.setUTCDate(until.getUTCDate() + 1);
  const now = deps.now();
  const started = now < until ? now : until;
  const { dashboard } = deps.repos;
  const [days, exams, checkin, pendingCenters, failed] = await Promise.all([
    dashboard.days(query.from, query.to),
    dashboard.exams(from, until, EXAMS_SHOWN),
    started > from ? dashboard.checkin(from, started) : { admitted: 0, checkedIn: 0 },
    dashboard.pendingCenters(),
    dashboard.failedRefunds(),
  ]);
  const money = (fen: number) => (finance ? fen : null);
  return {
    from: query.from,
    to: query.to,
    days: days.map((day) => ({
      date: day.day,
      registrations: day.registrations,
      revenueFen: money(day.revenueFen),
      refundedFen: money(day.refundedFen),
    })),
    exams: exams.map(({ exam, admitted, checkedIn }) => ({
      id: exam.id,
      code: exam.code,
      name: { zh: exam.nameZh, en: exam.nameEn },
      startsAt: exam.startsAt.toISOString(),
      capacity: exam.capacity,
      seatsTaken: exam.seatsTaken,
      admitted,
      checkedIn,
    })),
    checkin,
    pendingCenters,
    failedRefunds: { count: failed.count, amountFen: money(failed.amountFen) },
  };
}
