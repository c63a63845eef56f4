import fp from 'fastify-plugin';
import { createRepositories, unitOfWork } from '../db/unitOfWork';
import { type SeatBatches, seatBatches } from '../domain/bookingBatch';
import type { Repositories, UnitOfWork } from '../domain/ports';
import { type RecentExams, recentExams } from '../domain/recentExams';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository over the app's database (each statement its own transaction). */
    repos: Repositories;
    /** Runs a domain function's transaction: the repositories it is given are bound to it. */
    uow: UnitOfWork;
    /** Single bookings of one exam seated many per statement (domain/bookingBatch.ts); one per process. */
    seatBatches: SeatBatches;
    /** The exam reads bookings share for a moment (domain/recentExams.ts); one per process. */
    recentExams: RecentExams;
  }
}

/**
 * The repositories over the app's database, the unit of work that binds them to one transaction, and the batches
 * of single bookings over them.
 */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.database.db));
    app.decorate('uow', unitOfWork(app.database.db));
    app.decorate('seatBatches', seatBatches(app.repos));
    app.decorate('recentExams', recentExams(app.repos.exams, app.config.recentExamMs));
  },
  { name: 'repositories', dependencies: ['config', 'database'] },
);
