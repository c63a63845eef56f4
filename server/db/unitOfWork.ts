import type { Db } from './client';
import { otpRepository, sessionsRepository, usersRepository } from './repositories/auth';
import { bookingRepository } from './repositories/booking';
import { catalogRepository } from './repositories/catalog';
import { centerRepository } from './repositories/center';
import { examinerRepository } from './repositories/examiner';
import { groupRepository } from './repositories/groups';
import { paymentsRepository } from './repositories/payments';
import { profileRepository } from './repositories/profile';
import { refundsRepository } from './repositories/refunds';
import { resultsRepository } from './repositories/results';
import { seatsRepository } from './repositories/seats';

/** Each repository, made over one connection: the app's database, or a transaction. */
const FACTORIES = {
  users: usersRepository,
  sessions: sessionsRepository,
  otp: otpRepository,
  catalog: catalogRepository,
  profiles: profileRepository,
  booking: bookingRepository,
  payments: paymentsRepository,
  refunds: refundsRepository,
  seats: seatsRepository,
  groups: groupRepository,
  examiners: examinerRepository,
  results: resultsRepository,
  center: centerRepository,
};

/** Every repository, by name; each over the same connection. */
export type Repositories = { [K in keyof typeof FACTORIES]: ReturnType<(typeof FACTORIES)[K]> };

/** Repositories inside a transaction, with a savepoint: a part of the transaction that can fail alone. */
export interface TransactionRepositories extends Repositories {
  /** Runs `work` in a savepoint: when it throws, only its own writes are undone and the transaction goes on. */
  savepoint<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

/** One database transaction: `work` gets the repositories bound to it; it commits when `work` resolves. */
export interface UnitOfWork {
  run<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T>;
}

/**
 * The shared prototype of every repositories record: a getter per repository that makes it on first use over the
 * record's connection and keeps it on the record. A transaction builds only the few repositories it uses (some
 * prepare statements as they are made), so a unit of work per booking step stays cheap.
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
