import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase } from '../../tests/helpers/db';
import type { Database } from '../db/client';
import { auditLog, operators, users } from '../db/schema';
import { operatorCommand } from './operator';

let database: Database;
let output: string[];

/** Runs the command on the test database (kept open across runs) and answers its exit code. */
function run(...args: string[]) {
  output = [];
  return operatorCommand(args, {
    config: { demoData: false, publicUrl: 'https://exam.example.cn', port: 8000 },
    open: async () => ({ ...database, close: async () => {} }),
    write: (line) => output.push(line),
  });
}

before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

test('add makes the first operator with every permission, says so and where to log in, and is audited', async () => {
  assert.equal(await run('list'), 0);
  assert.match(output.join('\n'), /No operators yet/);
  assert.equal(await run('add', '138 0013 9999', '--name', 'Wang Fang'), 0);
  assert.match(
    output.join('\n'),
    /Added operator \+8613800139999 \(Wang Fang\) with centers, catalog, finance, support, operators, audit/,
  );
  assert.match(output.join('\n'), /https:\/\/exam\.example\.cn\/ops\/login/);
  const [row] = await database.db
    .select({ kind: users.kind, name: users.name, permissions: operators.permissions, invitedBy: operators.invitedBy })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId));
  assert.deepEqual(row, {
    kind: 'operator',
    name: 'Wang Fang',
    permissions: ['centers', 'catalog', 'finance', 'support', 'operators', 'audit'],
    invitedBy: null,
  });
  assert.equal(await run('list'), 0);
  assert.match(
    output.join('\n'),
    /\+8613800139999 {2}Wang Fang {2}centers,catalog,finance,support,operators,audit {2}last login never/,
  );
});

test('refusals say why, exit non-zero and change nothing', async () => {
  const before = await database.db.select().from(operators);
  const cases: [string[], number, RegExp][] = [
    [['add', '13800139999'], 1, /already an operator\. Nothing changed/],
    [['add', '12345'], 1, /mainland China mobile number/],
    [['add', '13800138888', '--permissions', 'centers,root'], 2, /Unknown permission: root/],
    [['remove', '13800137777'], 1, /\+8613800137777 is not an operator; nothing changed/],
    [['promote', '13800137777'], 2, /Usage:/],
    [['add'], 2, /Usage:/],
    [['list', '--frob'], 2, /Unknown option '--frob'/],
  ];
  for (const [args, code, message] of cases) {
    assert.equal(await run(...args), code, args.join(' '));
    assert.match(output.join('\n'), message, args.join(' '));
  }
  assert.deepEqual(await database.db.select().from(operators), before);
});

test('remove ends an operator; add with --permissions gives just those; both leave audit rows of the command line', async () => {
  assert.equal(await run('add', '13800138888', '--name', 'Li Lei', '--permissions', 'centers,audit'), 0);
  assert.match(output.join('\n'), /with centers, audit\./);
  assert.equal(await run('remove', '13800138888'), 0);
  assert.match(output.join('\n'), /Removed operator \+8613800138888 \(Li Lei\)/);
  const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id));
  assert.deepEqual(
    rows.map((r) => [r.action, r.targetLabel, r.actorId, r.address]),
    [
      ['operator.invite', 'Wang Fang (+8613800139999)', null, 'cli'],
      ['operator.invite', 'Li Lei (+8613800138888)', null, 'cli'],
      ['operator.remove', 'Li Lei (+8613800138888)', null, 'cli'],
    ],
  );
});
