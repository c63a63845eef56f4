import fp from 'fastify-plugin';
import { type SeatEvents, seatEvents } from '../domain/seats';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Seats came free on exam X", after the transaction that freed them committed (domain/seats.ts). */
    seats: SeatEvents;
  }
}

/** The app's domain events: one emitter per app, which use cases tell and later features listen to. */
export const eventsPlugin = fp(
  async (app) => {
    app.decorate('seats', seatEvents(app.log, { now: () => app.now(), offerMinutes: app.config.waitlistOfferMinutes }));
  },
  { name: 'events', dependencies: ['config'] },
);
