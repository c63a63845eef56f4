import type Redis from 'ioredis';
import { batched } from '../domain/batched';
import type { LineStanding, LineVisit, WaitingLine } from '../domain/ports';

/** How admission grows between two visits; the Redis script below does the same arithmetic. */
function admittedAfter(admitted: number, since: number, length: number, admit: NonNullable<LineVisit['admit']>) {
  if (admit.nowMs <= since) return { admitted, since };
  return {
    admitted: Math.min(length, admitted + (admit.perSecond * (admit.nowMs - since)) / 1000),
    since: admit.nowMs,
  };
}

interface MemoryLine {
  /** Places drawn before the opening: account -> draw. */
  draws: Map<string, number>;
  /** Places taken after it: account -> arrival index. */
  arrivals: Map<string, number>;
  /** The draws' ranks, sorted once after the last draw changed. */
  drawRanks: Map<string, number> | undefined;
  admitted: number;
  since: number | undefined;
  expiresAtMs: number;
}

/** The line in this process: for one server (PGlite, or no REDIS_URL). */
export function memoryWaitingLine(): WaitingLine {
  const lines = new Map<string, MemoryLine>();
  const lineOf = (visit: LineVisit) => {
    let line = lines.get(visit.examId);
    if (!line) {
      line = {
        draws: new Map(),
        arrivals: new Map(),
        drawRanks: undefined,
        admitted: 0,
        since: undefined,
        expiresAtMs: 0,
      };
      lines.set(visit.examId, line);
    }
    line.expiresAtMs = visit.expiresAtMs;
    return line;
  };
  const rankOf = (line: MemoryLine, userId: string) => {
    const arrival = line.arrivals.get(userId);
    if (arrival !== undefined) return line.draws.size + arrival;
    if (!line.draws.has(userId)) return undefined;
    if (!line.drawRanks) {
      const sorted = [...line.draws].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
      line.drawRanks = new Map(sorted.map(([user], rank) => [user, rank]));
    }
    return line.drawRanks.get(userId);
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [examId, line] of lines) if (line.expiresAtMs <= now) lines.delete(examId);
  }, 60_000);
  sweep.unref();
  return {
    async visit(visit): Promise<LineStanding> {
      const line = lineOf(visit);
      const { join, userId } = visit;
      if (join && !line.draws.has(userId) && !line.arrivals.has(userId)) {
        if (join === 'arrival') line.arrivals.set(userId, line.arrivals.size);
        else {
          line.draws.set(userId, join.draw);
          line.drawRanks = undefined;
        }
      }
      const length = line.draws.size + line.arrivals.size;
      if (visit.admit) {
        const grown = admittedAfter(line.admitted, line.since ?? visit.admit.startMs, length, visit.admit);
        line.admitted = grown.admitted;
        line.since = grown.since;
      }
      return { rank: rankOf(line, userId), admitted: line.admitted, length };
    },
    async close() {
      clearInterval(sweep);
      lines.clear();
    },
  };
}

/**
 * Visits of one exam's line, atomically and in order, for every instance: a sorted set of places (a draw in [0, 1)
 * before the opening, 1 + an arrival sequence after it, so every early place ranks ahead of every late one) and the
 * admitted count with when it last grew. KEYS: line, sequence, admission. ARGV: seven per visit: account, mode (draw |
 * arrival | look), draw, now, start, rate per second (negative: do not admit), expiry (ms since the epoch). Answers
 * three per visit: rank (-1: none), admitted, length.
 */
const VISITS_SCRIPT = `
local line, seq, adm = KEYS[1], KEYS[2], KEYS[3]
local answers = {}
for i = 1, #ARGV, 7 do
  local user, mode, expireAt = ARGV[i], ARGV[i + 1], ARGV[i + 6]
  if mode ~= 'look' and not redis.call('ZSCORE', line, user) then
    local score
    if mode == 'draw' then score = ARGV[i + 2] else score = 1 + redis.call('INCR', seq) end
    redis.call('ZADD', line, score, user)
    redis.call('PEXPIREAT', line, expireAt)
    redis.call('PEXPIREAT', seq, expireAt)
  end
  local length = redis.call('ZCARD', line)
  local admitted = tonumber(redis.call('HGET', adm, 'admitted') or '0')
  local rate = tonumber(ARGV[i + 5])
  if rate >= 0 then
    local now = tonumber(ARGV[i + 3])
    local stored = redis.call('HGET', adm, 'since')
    local since = tonumber(stored or ARGV[i + 4])
    local grew = now > since
    if grew then
      admitted = math.min(length, admitted + rate * (now - since) / 1000)
      since = now
    end
    if grew or not stored then
      redis.call('HSET', adm, 'admitted', tostring(admitted), 'since', tostring(since))
      redis.call('PEXPIREAT', adm, expireAt)
    end
  end
  local rank = redis.call('ZRANK', line, user)
  answers[#answers + 1] = rank or -1
  answers[#answers + 1] = tostring(admitted)
  answers[#answers + 1] = length
end
return answers
`;

/** The most visits one script call carries; a larger crowd waits for the next call. */
const MAX_VISITS = 500;

function visitArguments({ userId, join, admit, expiresAtMs }: LineVisit): (string | number)[] {
  return [
    userId,
    join === undefined ? 'look' : join === 'arrival' ? 'arrival' : 'draw',
    join === undefined || join === 'arrival' ? 0 : join.draw,
    admit?.nowMs ?? 0,
    admit?.startMs ?? 0,
    admit?.perSecond ?? -1,
    expiresAtMs,
  ];
}

/**
 * The line in Redis, shared by every server instance on it. Visits of one exam go many per script call
 * (domain/batched.ts: a visit that finds no call running for its exam is sent at once, alone, and those arriving
 * meanwhile go together when it returns). A crowd joining at the opening then costs Redis and this process one
 * round trip per batch rather than one per candidate, in the order they came.
 */
export function redisWaitingLine(redis: Redis, prefix: string): WaitingLine {
  redis.defineCommand('waitingRoomVisits', { numberOfKeys: 3, lua: VISITS_SCRIPT });
  const run = (redis as unknown as { waitingRoomVisits(...args: (string | number)[]): Promise<(string | number)[]> })
    .waitingRoomVisits;
  const visit = batched(MAX_VISITS, async (examId, visits: LineVisit[]): Promise<LineStanding[]> => {
    const key = `${prefix}queue:{${examId}}:`;
    const answers = await run.call(
      redis,
      `${key}line`,
      `${key}seq`,
      `${key}admitted`,
      ...visits.flatMap(visitArguments),
    );
    return visits.map((_, i) => {
      const rank = Number(answers[3 * i]);
      return {
        rank: rank < 0 ? undefined : rank,
        admitted: Number(answers[3 * i + 1]),
        length: Number(answers[3 * i + 2]),
      };
    });
  });

  return {
    visit: (lineVisit) => visit(lineVisit.examId, lineVisit),
    async close() {},
  };
}

/** How long an instance answers looks from its own copy of an exam's admitted count before asking the shared line. */
const LOOK_FRESH_MS = 250;
/** Ranks remembered per exam before the memory is started afresh (about 100 bytes each). */
const MAX_RANKS = 500_000;

interface LineCopy {
  admitted: number;
  /** When `admitted` was last grown, by the shared line's clock arithmetic (LineVisit.admit.nowMs). */
  since: number;
  length: number;
  readAt: number;
  /** Accounts' places once they can no longer change (LineVisit.ranksFinal). */
  ranks: Map<string, number>;
  expiresAtMs: number;
}

/**
 * The shared line with looks answered in process: once ranks are final, an account's place never changes and the
 * admitted count only grows at the rate every visit passes, so a look within LOOK_FRESH_MS of this instance's last
 * visit to the shared line is worked out here, without a Redis round trip. Joins, and looks of accounts whose place
 * this instance has not seen yet, go to the shared line and refresh the copy. A hundred thousand candidates polling
 * then cost Redis a few visits per exam per second per instance.
 */
export function localLooks(shared: WaitingLine, freshMs = LOOK_FRESH_MS): WaitingLine {
  const copies = new Map<string, LineCopy>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [examId, copy] of copies) if (copy.expiresAtMs <= now) copies.delete(examId);
  }, 60_000);
  sweep.unref();
  return {
    async visit(visit): Promise<LineStanding> {
      const { admit } = visit;
      const copy = copies.get(visit.examId);
      if (!visit.join && admit && visit.ranksFinal && copy && admit.nowMs >= copy.readAt) {
        const rank = copy.ranks.get(visit.userId);
        if (rank !== undefined && admit.nowMs - copy.readAt < freshMs) {
          const grown = admittedAfter(copy.admitted, copy.since, copy.length, admit);
          return { rank, admitted: grown.admitted, length: copy.length };
        }
      }
      const standing = await shared.visit(visit);
      if (admit && visit.ranksFinal) {
        const held = copies.get(visit.examId);
        const fresher = !held || standing.admitted >= held.admitted;
        const next: LineCopy =
          held && !fresher
            ? held
            : {
                admitted: standing.admitted,
                since: admit.nowMs,
                length: standing.length,
                readAt: admit.nowMs,
                ranks: held?.ranks ?? new Map(),
                expiresAtMs: visit.expiresAtMs,
              };
        if (next.ranks.size >= MAX_RANKS) next.ranks.clear();
        if (standing.rank !== undefined) next.ranks.set(visit.userId, standing.rank);
        copies.set(visit.examId, next);
      }
      return standing;
    },
    async close() {
      clearInterval(sweep);
      copies.clear();
      await shared.close();
    },
  };
}
