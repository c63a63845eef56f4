import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { otpRepository, sessionsRepository, usersRepository } from '../db/repositories/auth';
import { bookingRepository } from '../db/repositories/booking';
import { catalogRepository } from '../db/repositories/catalog';
import { centerRepository } from '../db/repositories/center';
import { examinerRepository } from '../db/repositories/examiner';
import { groupRepository } from '../db/repositories/groups';
import { profileRepository } from '../db/repositories/profile';
import { resultsRepository } from '../db/repositories/results';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export type Repositories = ReturnType<typeof createRepositories>;

function createRepositories(database: Database) {
  const { db } = database;
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    otp: otpRepository(db),
    catalog: catalogRepository(db),
    profiles: profileRepository(db),
    booking: bookingRepository(db),
    groups: groupRepository(db),
    examiners: examinerRepository(db),
    results: resultsRepository(db),
    center: centerRepository(db),
  };
}

/** Every repository over the app's database, built once. */
export const repositoriesPlugin = fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.database));
  },
  { name: 'repositories', dependencies: ['database'] },
);
