import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seatingOrder, ticketsReleaseAt } from './seating';

const DAY = 86_400_000;

/** `singles` candidates alone and groups of the given sizes, as allocation reads them. */
function candidates(singles: number, groups: number[]) {
  const alone = Array.from({ length: singles }, (_, i) => ({ registrationId: `s${i}`, groupId: null }));
  const members = groups.flatMap((size, g) =>
    Array.from({ length: size }, (_, i) => ({ registrationId: `g${g}-${i}`, groupId: `g${g}` })),
  );
  return [...members, ...alone];
}

/** The smallest distance, in seats, between two members of one group. */
function closestPair(order: string[]): number {
  let closest = Number.POSITIVE_INFINITY;
  const last = new Map<string, number>();
  order.forEach((id, position) => {
    const group = id.startsWith('g') ? id.split('-')[0] : undefined;
    if (!group) return;
    const previous = last.get(group);
    if (previous !== undefined) closest = Math.min(closest, position - previous);
    last.set(group, position);
  });
  return closest;
}

describe('seating order', () => {
  test('seats everyone exactly once', () => {
    const all = candidates(50, [12, 5, 3]);
    const order = seatingOrder(all);
    assert.deepEqual(order.toSorted(), all.map((c) => c.registrationId).toSorted());
  });

  test("a group's members never sit side by side, however the draw falls", () => {
    for (let draw = 0; draw < 200; draw++) {
      const order = seatingOrder(candidates(40, [15, 8, 2]));
      assert.ok(closestPair(order) >= 2, `members side by side: ${order.join(' ')}`);
    }
  });

  test('members of a group are spread far apart when there is room', () => {
    const order = seatingOrder(candidates(95, [5]));
    // 100 seats, a group of 5: a stride of 16 seats.
    assert.ok(closestPair(order) >= 10, `closest pair ${closestPair(order)} seats apart`);
  });

  test('the order is random: two draws differ', () => {
    const all = candidates(60, [4]);
    assert.notDeepEqual(seatingOrder(all), seatingOrder(all));
  });
});

describe('ticket release', () => {
  const startsAt = new Date('2027-03-10T01:00:00Z');

  test('defaults to 7 days before the start', () => {
    assert.equal(ticketsReleaseAt({ startsAt, ticketsReleaseAt: null }).getTime(), startsAt.getTime() - 7 * DAY);
  });

  test("the center's date wins, but never after the start", () => {
    const chosen = new Date(startsAt.getTime() - 2 * DAY);
    assert.equal(ticketsReleaseAt({ startsAt, ticketsReleaseAt: chosen }).getTime(), chosen.getTime());
    const late = new Date(startsAt.getTime() + DAY);
    assert.equal(ticketsReleaseAt({ startsAt, ticketsReleaseAt: late }).getTime(), startsAt.getTime());
  });
});
