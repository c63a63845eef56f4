import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { type CounterStore, createRedis, memoryStore, redisStore } from '.';

const stores: [string, () => CounterStore][] = [['memory', () => memoryStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  // A random prefix keeps parallel runs on one Redis apart.
  stores.push(['redis', () => redisStore(createRedis(redisUrl), `exam-test:${randomBytes(4).toString('hex')}:`)]);
}

for (const [name, make] of stores) {
  describe(`${name} counter store`, () => {
    const store = make();
    after(() => store.close());

    test('hit counts within a window and starts over after it', async () => {
      assert.equal(await store.hit('ip:a', 150), 1);
      assert.equal(await store.hit('ip:a', 150), 2);
      assert.equal(await store.hit('ip:b', 150), 1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.equal(await store.hit('ip:a', 150), 1);
    });

    test('count reads a window without adding to it', async () => {
      assert.equal(await store.count('guesses:a'), 0);
      await store.hit('guesses:a', 150);
      await store.hit('guesses:a', 150);
      assert.equal(await store.count('guesses:a'), 2);
      assert.equal(await store.count('guesses:a'), 2);
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.equal(await store.count('guesses:a'), 0);
    });

    test('claim succeeds once per interval and says how long to wait', async () => {
      assert.equal(await store.claim('phone:1', 1000), 0);
      const wait = await store.claim('phone:1', 1000);
      assert.ok(wait > 0 && wait <= 1000, `wait ${wait}`);
      await store.release('phone:1');
      assert.equal(await store.claim('phone:1', 1000), 0);
    });
  });
}

test('memory store follows the clock it is given', async () => {
  let now = 1_000_000;
  const store = memoryStore(() => now);
  assert.equal(await store.claim('k', 60_000), 0);
  now += 59_000;
  assert.equal(await store.claim('k', 60_000), 1000);
  now += 1000;
  assert.equal(await store.claim('k', 60_000), 0);
  await store.close();
});
