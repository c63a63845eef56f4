import type { Config } from '../config';
import type { PaymentProvider } from '../providers/payment/types';
import type { SeatBatches } from './bookingBatch';
import type { DomainLogger, Links, Repositories, UnitOfWork } from './ports';
import type { RecentExams } from './recentExams';
import type { SeatEvents } from './seats';

/**
 * What the candidate's use cases share (booking, payment, change and cancellation, expiry, history); registrations,
 * groups and a center's cancellation of an exam extend it. Routes and jobs build it from the app's plugins.
 */
export interface BookingDeps {
  repos: Pick<
    Repositories,
    | 'exams'
    | 'seats'
    | 'registrations'
    | 'orders'
    | 'payments'
    | 'refunds'
    | 'profiles'
    | 'promotions'
    | 'results'
    | 'seating'
    | 'waitlist'
  >;
  /** Runs the transactions of booking, payment, change, cancellation and expiry. */
  uow: UnitOfWork;
  payment: PaymentProvider;
  config: Pick<Config, 'holdMinutes' | 'changeLockHours' | 'handlingFeeBps' | 'refundRetry' | 'appSecret'>;
  /** Where payment providers post their notifications. */
  links: Pick<Links, 'publicBase' | 'paymentNotify' | 'refundNotify'>;
  now: () => Date;
  log: DomainLogger;
  /** Told when seats come free (after the transaction that freed them commits). */
  seats: SeatEvents;
  /** Seats single bookings of one exam many per statement. */
  seatBatches: SeatBatches;
  /** The exam reads a booking makes, shared for a moment by the crowd booking that exam. */
  recentExams: RecentExams;
}
