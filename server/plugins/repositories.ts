import fp from 'fastify-plugin';
import { createRepositories, unitOfWork } from '../db/unitOfWork';
import type { Repositories, UnitOfWork } from '../domain/ports';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository over the app's database (each statement its own transaction). */
    repos: Repositories;
    /** Runs a domain function's transaction: the repositories it is given are bound to it. */
    uow: UnitOfWork;
  }
}

/** The repositories over the app's database, and the unit of work that binds them to one transaction. */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.database.db));
    app.decorate('uow', unitOfWork(app.database.db));
  },
  { name: 'repositories', dependencies: ['database'] },
);
