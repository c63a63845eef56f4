import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ActiveUser } from '../db/rows';
import { AppError } from '../errors';
import { hashToken, sessionLookups } from './auth';
import type { SessionsRepository } from './ports';

/** Sessions of the given tokens, counting the statements that look them up; `failing` makes the next one throw. */
function sessions(tokens: string[]) {
  const users = new Map(tokens.map((token) => [hashToken(token), { id: `user-of-${token}` } as ActiveUser]));
  const calls: string[][] = [];
  let failing = false;
  const repo: Pick<SessionsRepository, 'findActiveUsers'> = {
    async findActiveUsers(hashes) {
      calls.push(hashes);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing) {
        failing = false;
        throw new Error('connection lost');
      }
      return new Map(hashes.flatMap((hash) => (users.has(hash) ? [[hash, users.get(hash) as ActiveUser]] : [])));
    },
  };
  const lookup = sessionLookups({ now: () => new Date(), repos: { sessions: repo as SessionsRepository } });
  return { lookup, calls, failNext: () => (failing = true) };
}

const unauthorized = (error: unknown) => error instanceof AppError && error.code === 'UNAUTHORIZED';

test('a crowd of tokens arriving together is looked up in few statements, each answered with its own account', async () => {
  const tokens = Array.from({ length: 1200 }, (_, i) => `token-${i}`);
  const { lookup, calls } = sessions(tokens);
  const users = await Promise.all(tokens.map((token) => lookup(token)));
  assert.deepEqual(
    users.map((user) => user.id),
    tokens.map((token) => `user-of-${token}`),
  );
  assert.ok(calls.length <= 4, `${calls.length} statements for 1,200 tokens`);
  assert.ok(Math.max(...calls.map((call) => call.length)) <= 500, 'no statement carries more than 500 tokens');
});

test('an unknown or missing token is refused without failing the others of its statement', async () => {
  const { lookup } = sessions(['a', 'b']);
  const answers = await Promise.allSettled([lookup('a'), lookup('unknown'), lookup(undefined), lookup('b')]);
  assert.equal(answers[0]?.status === 'fulfilled' && answers[0].value.id, 'user-of-a');
  assert.ok(answers[1]?.status === 'rejected' && unauthorized(answers[1].reason));
  assert.ok(answers[2]?.status === 'rejected' && unauthorized(answers[2].reason));
  assert.equal(answers[3]?.status === 'fulfilled' && answers[3].value.id, 'user-of-b');
});

test('a statement that fails fails its own lookups only; the next ones are looked up again', async () => {
  const { lookup, failNext } = sessions(['a', 'b']);
  failNext();
  await assert.rejects(lookup('a'), /connection lost/);
  assert.equal((await lookup('b')).id, 'user-of-b');
});
