/**
 * Calls that go many at a time, per key, without a timer: an item that finds no call running for its key is sent at
 * once, alone, and those arriving meanwhile go together when it returns, at most `max` per call, in the order they
 * came. `send` answers each item of its batch in order; if it throws, every item of that batch fails with its error.
 * Used where a crowd arriving at once would otherwise cost one round trip each (domain/auth.ts sessionLookups,
 * db/repositories/profiles.ts bookingProfile, store/waitingLine.ts redisWaitingLine; the first two through
 * batchedLookups).
 */
export function batched<Item, Answer>(
  max: number,
  send: (key: string, items: Item[]) => Promise<Answer[]>,
): (key: string, item: Item) => Promise<Answer> {
  interface Pending {
    item: Item;
    resolve: (answer: Answer) => void;
    reject: (error: unknown) => void;
  }
  /** The items waiting per key; a key is in the map while a call for it runs. */
  const queues = new Map<string, Pending[]>();

  async function drain(key: string, queue: Pending[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, max);
      try {
        const answers = await send(
          key,
          batch.map((pending) => pending.item),
        );
        for (const [i, pending] of batch.entries()) pending.resolve(answers[i] as Answer);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    queues.delete(key);
  }

  return (key, item) =>
    new Promise<Answer>((resolve, reject) => {
      const waiting = queues.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      queues.set(key, queue);
      void drain(key, queue);
    });
}

/**
 * Lookups by id, many per call (batched, all under one key): `find` is asked each distinct id of a batch once and
 * answers what it found by id; an id it did not find answers undefined.
 */
export function batchedLookups<Found>(
  max: number,
  find: (ids: string[]) => Promise<Map<string, Found>>,
): (id: string) => Promise<Found | undefined> {
  const lookUp = batched(max, async (_key, ids: string[]) => {
    const found = await find([...new Set(ids)]);
    return ids.map((id) => found.get(id));
  });
  return (id) => lookUp('', id);
}
