import type { Repositories, TransactionRepositories, UnitOfWork } from '../domain/ports';
import type { Db } from './client';
import { auditRepository } from './repositories/audit';
import { otpRepository, sessionsRepository, usersRepository } from './repositories/auth';
import { catalogRepository } from './repositories/catalog';
import { catalogAdminRepository } from './repositories/catalogAdmin';
import { centersRepository } from './repositories/centers';
import { centerVerificationRepository } from './repositories/centerVerification';
import { dashboardRepository } from './repositories/dashboard';
import { examinersRepository } from './repositories/examiners';
import { examsRepository } from './repositories/exams';
import { fapiaoRepository } from './repositories/fapiao';
import { groupsRepository } from './repositories/groups';
import { notificationsRepository } from './repositories/notifications';
import { operatorsRepository } from './repositories/operators';
import { orderDeskRepository } from './repositories/orderDesk';
import { ordersRepository } from './repositories/orders';
import { paymentsRepository } from './repositories/payments';
import { profilesRepository } from './repositories/profiles';
import { promotionsRepository } from './repositories/promotions';
import { refundsRepository } from './repositories/refunds';
import { registrationsRepository } from './repositories/registrations';
import { resultsRepository } from './repositories/results';
import { rostersRepository } from './repositories/rosters';
import { seatingRepository } from './repositories/seating';
import { seatsRepository } from './repositories/seats';
import { supportRepository } from './repositories/support';
import { waitlistRepository } from './repositories/waitlist';

/** How each repository the domain declares (domain/ports.ts) is made over a connection. */
const FACTORIES: { [K in keyof Repositories]: (db: Db) => Repositories[K] } = {
  users: usersRepository,
  sessions: sessionsRepository,
  otp: otpRepository,
  profiles: profilesRepository,
  catalog: catalogRepository,
  promotions: promotionsRepository,
  exams: examsRepository,
  seats: seatsRepository,
  registrations: registrationsRepository,
  orders: ordersRepository,
  payments: paymentsRepository,
  refunds: refundsRepository,
  groups: groupsRepository,
  centers: centersRepository,
  rosters: rostersRepository,
  results: resultsRepository,
  examiners: examinersRepository,
  operators: operatorsRepository,
  audit: auditRepository,
  verification: centerVerificationRepository,
  catalogAdmin: catalogAdminRepository,
  dashboard: dashboardRepository,
  support: supportRepository,
  orderDesk: orderDeskRepository,
  seating: seatingRepository,
  notifications: notificationsRepository,
  waitlist: waitlistRepository,
  fapiao: fapiaoRepository,
};

/**
 * The shared prototype of every repositories record: a getter per repository that makes it on first use over the
 * record's connection and keeps it on the record. A transaction builds only the few repositories it uses (some
 * prepare statements as they are made), so a unit of work stays cheap.
 */
const lazyRepositories: object = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.entries(FACTORIES).map(([name, make]) => [
      name,
      {
        get(this: { db: Db }) {
          const repository = (make as (db: Db) => unknown)(this.db);
          Object.defineProperty(this, name, { value: repository, enumerable: true });
          return repository;
        },
      },
    ]),
  ),
);

/** Every repository over `db` (the app's database, or a transaction), each made on first use. */
export function createRepositories(db: Db): Repositories {
  return Object.create(lazyRepositories, { db: { value: db } }) as Repositories;
}

/** Runs units of work on `db`: one transaction each, with the repositories bound to it. */
export function unitOfWork(db: Db): UnitOfWork {
  return {
    run: (work) => db.transaction((tx) => work(transactionRepositories(tx))),
  };
}

function transactionRepositories(tx: Db): TransactionRepositories {
  const repositories = createRepositories(tx) as TransactionRepositories;
  repositories.savepoint = (work) => tx.transaction((savepoint) => work(createRepositories(savepoint)));
  return repositories;
}
