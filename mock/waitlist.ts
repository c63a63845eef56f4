/**
 * Waiting lists for `npm run dev`: a candidate joins a sold-out exam's list behind a few imaginary people; about
 * thirty seconds later the mock offers them a seat held for two hours, so the offer and Pay now can be tried.
 */
import { api, type CurrentUser, type WaitlistEntry } from '../contract';
import { type MockExam, newId } from './lib/fixtures';
import { on, refuse } from './lib/http';
import { examOf, isOpen, registrations, summaryOf } from './lib/store';

/** Imaginary candidates ahead of whoever joins. */
const AHEAD = 3;
const OFFER_AFTER_MS = 30_000;
const OFFER_HOLDS_MS = 2 * 3_600_000;

interface MockPlace {
  id: string;
  examId: string;
  userId: string;
  status: WaitlistEntry['status'];
  joinedAt: number;
  endedAt: number | null;
}

const places: MockPlace[] = [];
const iso = (ms: number) => new Date(ms).toISOString();
const live = (p: MockPlace) => p.status === 'waiting' || p.status === 'offered';

/** A waiting place turns into an offer once its time has come; an offer not taken in time lapses. */
function settle(place: MockPlace, now: number): void {
  const offeredAt = place.joinedAt + OFFER_AFTER_MS;
  if (place.status === 'waiting' && now >= offeredAt) place.status = 'offered';
  if (place.status === 'offered' && now >= offeredAt + OFFER_HOLDS_MS) {
    place.status = 'lapsed';
    place.endedAt = offeredAt + OFFER_HOLDS_MS;
  }
}

function viewOf(place: MockPlace): WaitlistEntry {
  const now = Date.now();
  settle(place, now);
  const offeredAt = place.joinedAt + OFFER_AFTER_MS;
  const wasOffered = place.status !== 'waiting' && place.status !== 'left' && place.endedAt !== place.joinedAt;
  return {
    id: place.id,
    exam: summaryOf(examOf(place.examId)),
    status: place.status,
    position:
      place.status === 'waiting' ? Math.max(1, Math.ceil(AHEAD * (1 - (now - place.joinedAt) / OFFER_AFTER_MS))) : null,
    joinedAt: iso(place.joinedAt),
    offeredAt: wasOffered && place.status !== 'closed' ? iso(offeredAt) : null,
    offerExpiresAt: wasOffered && place.status !== 'closed' ? iso(offeredAt + OFFER_HOLDS_MS) : null,
    endedAt: place.endedAt === null ? null : iso(place.endedAt),
  };
}

function liveOf(user: CurrentUser, examId: string): MockPlace | undefined {
  const now = Date.now();
  for (const place of places) settle(place, now);
  return places.find((p) => p.userId === user.id && p.examId === examId && live(p));
}

function join(user: CurrentUser, exam: MockExam): WaitlistEntry {
  const held = liveOf(user, exam.id);
  if (held) return viewOf(held);
  if (!isOpen(exam)) refuse('WAITLIST_CLOSED');
  const booked = [...registrations.values()].some(
    (r) => r.userId === user.id && r.examId === exam.id && r.status !== 'canceled',
  );
  if (booked) refuse('ALREADY_REGISTERED');
  if (exam.seatsTaken < exam.capacity) refuse('WAITLIST_NOT_SOLD_OUT');
  const place: MockPlace = {
    id: newId(),
    examId: exam.id,
    userId: user.id,
    status: 'waiting',
    joinedAt: Date.now(),
    endedAt: null,
  };
  places.push(place);
  return viewOf(place);
}

function leave(user: CurrentUser, exam: MockExam): WaitlistEntry {
  const place = liveOf(user, exam.id) ?? refuse('NOT_FOUND');
  place.status = place.status === 'offered' ? 'declined' : 'left';
  place.endedAt = Date.now();
  return viewOf(place);
}

export default Object.fromEntries([
  on(api.waitlistJoin, ({ params, user }) => join(user, examOf(params.id))),
  on(api.waitlistLeave, ({ params, user }) => leave(user, examOf(params.id))),
  on(api.waitlist, ({ user }) => {
    const mine = places.filter((p) => p.userId === user.id).map(viewOf);
    const rank = (p: WaitlistEntry) => (p.status === 'waiting' || p.status === 'offered' ? 0 : 1);
    return { list: mine.sort((a, b) => rank(a) - rank(b) || b.joinedAt.localeCompare(a.joinedAt)) };
  }),
]);
