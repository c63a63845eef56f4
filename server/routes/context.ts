import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { otpRepository, sessionsRepository, usersRepository } from '../db/repositories/auth';
import { bookingRepository } from '../db/repositories/booking';
import { catalogRepository } from '../db/repositories/catalog';
import { centerRepository } from '../db/repositories/center';
import { examinerRepository } from '../db/repositories/examiner';
import { groupRepository } from '../db/repositories/groups';
import { profileRepository } from '../db/repositories/profile';
import { resultsRepository } from '../db/repositories/results';
import type { RegisterEndpoint } from '../http/route';
import type { PaymentProvider } from '../providers/payment';
import type { SmsProvider } from '../providers/sms';
import type { CounterStore } from '../store';

/** What route modules need: repositories, providers and the clock, built once per app. */
export interface RouteContext {
  log: FastifyBaseLogger;
  config: Config;
  database: Database;
  store: CounterStore;
  sms: SmsProvider;
  payment: PaymentProvider;
  now: () => Date;
  repos: ReturnType<typeof createRepositories>;
  /** Registers a contract endpoint on the app (see http/route.ts). */
  route: RegisterEndpoint;
}

export function createRepositories(database: Database) {
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
