import Redis from 'ioredis';

/**
 * Short-lived counters and claims (OTP pacing, per-IP caps). In-process for one server; Redis when several
 * instances must share them.
 */
export interface CounterStore {
  /** Counts one hit in a fixed window that starts at the first hit; answers the count including this one. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count of `key`'s live window without adding to it; 0 when there is none. */
  count(key: string): Promise<number>;
  /** Claims `key` for `ttlMs` if free: answers 0 when claimed now, else the milliseconds until it frees. */
  claim(key: string, ttlMs: number): Promise<number>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired entries are dropped on access and swept now and then, so memory stays bounded by live keys.
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.value += 1;
        return entry.value;
      }
      entries.set(key, { value: 1, expiresAt: now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.value ?? 0;
    },
    async claim(key, ttlMs) {
      const entry = live(key);
      if (entry) return entry.expiresAt - now();
      entries.set(key, { value: 1, expiresAt: now() + ttlMs });
      return 0;
    },
    async release(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

/** INCR and start the window on the first hit, atomically (works on Redis 6 too, unlike PEXPIRE NX). */
const HIT_SCRIPT =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

export function redisStore(redis: Redis, prefix = 'exam:'): CounterStore {
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs));
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async claim(key, ttlMs) {
      const k = prefix + key;
      if ((await redis.set(k, '1', 'PX', ttlMs, 'NX')) === 'OK') return 0;
      return Math.max(1, await redis.pttl(k));
    },
    async release(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export function createRedis(url: string): Redis {
  // Commands issued in one tick of the event loop go out in one write: under a crowd (a waiting room opening) the
  // rate limit's count and the line's visit of every request that arrived together cost Redis and this process one
  // round trip, not one each.
  return new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true });
}
