import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { api, type Endpoint, OPS_PERMISSIONS, type OpsPermission } from '../../contract';
import { createTestApp, dataOf, envelope, loginAs, type TestApp } from '../../tests/helpers/app';
import { nextPhone } from '../../tests/helpers/booking';
import { addTestOperator, loginOperator } from '../../tests/helpers/ops';
import { auditLog, operators, sessions, users } from '../db/schema';
import { uuidv7 } from '../ids';

/** Issue 13, items 1, 2 and 8: operators, their permissions on every /api/ops endpoint, and the audit log. */

type Auth = { authorization: string } | undefined;

/** An endpoint without `permission` (the dashboard) admits every operator. */
type OpsEndpoint = Extract<Endpoint, { auth: 'user' }> & { permission?: OpsPermission };

const OPS_ENDPOINTS = Object.entries(api as Record<string, Endpoint>).filter(
  (entry): entry is [string, OpsEndpoint] => entry[1].auth === 'user' && entry[1].path.startsWith('/api/ops/'),
);

let t: TestApp;
let full: { phone: string; id: string; auth: { authorization: string } };
let roles: { anonymous: Auth; candidate: Auth; center: Auth; examiner: Auth };
/** For each permission, an operator holding every other one. */
const without = new Map<OpsPermission, Auth>();

const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

function call(method: string, path: string, auth: Auth, payload?: object) {
  return t.app.inject({ method: method as 'GET', url: path, headers: auth, payload });
}

before(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', OTP_IP_HOURLY_CAP: '100000' } });
  const phone = nextPhone();
  const id = await addTestOperator(t, phone, OPS_PERMISSIONS, 'Wang Fang');
  full = { phone, id, auth: await loginOperator(t, phone) };
  roles = {
    anonymous: undefined,
    candidate: await loginAs(t, nextPhone()),
    center: await loginAs(t, nextPhone(), 'testCenter'),
    examiner: await loginAs(t, nextPhone(), 'examiner'),
  };
  for (const permission of OPS_PERMISSIONS) {
    const other = nextPhone();
    await addTestOperator(
      t,
      other,
      OPS_PERMISSIONS.filter((p) => p !== permission),
    );
    without.set(permission, await loginOperator(t, other));
  }
});
after(() => t.close());

describe('every /api/ops endpoint', () => {
  test('the console has endpoints the server answers', () => {
    assert.ok(OPS_ENDPOINTS.length >= 4, OPS_ENDPOINTS.map(([name]) => name).join(', '));
  });

  for (const [name, endpoint] of OPS_ENDPOINTS) {
    const path = endpoint.path.replace(/:\w+/g, uuidv7());
    const needs = endpoint.permission ?? 'no permission';
    test(`${name}: refused to anyone but an operator holding ${needs}, and nothing is written`, async () => {
      const rowsBefore = await auditRows();
      const expected: [string, Auth, number, string][] = [
        ['anonymous', roles.anonymous, 401, 'UNAUTHORIZED'],
        ['candidate', roles.candidate, 403, 'OPERATORS_ONLY'],
        ['center', roles.center, 403, 'OPERATORS_ONLY'],
        ['examiner', roles.examiner, 403, 'OPERATORS_ONLY'],
      ];
      if (endpoint.permission) {
        expected.push([`operator without ${needs}`, without.get(endpoint.permission), 403, 'PERMISSION_DENIED']);
      }
      for (const [who, auth, status, code] of expected) {
        const res = await call(endpoint.method, path, auth, endpoint.method === 'GET' ? undefined : {});
        assert.equal(res.statusCode, status, `${who}: ${res.body}`);
        assert.equal(envelope(res).errorCode, code, who);
      }
      assert.equal(await auditRows(), rowsBefore);
      const allowed = await call(endpoint.method, path, full.auth, endpoint.method === 'GET' ? undefined : {});
      assert.ok(![401, 403].includes(allowed.statusCode), `an operator with ${needs}: ${allowed.body}`);
      if (!endpoint.permission) {
        for (const [permission, auth] of without) {
          const res = await call(endpoint.method, path, auth, endpoint.method === 'GET' ? undefined : {});
          assert.ok(![401, 403].includes(res.statusCode), `an operator without ${permission}: ${res.body}`);
        }
      }
    });
  }
});

describe('operator login', () => {
  test('an unknown phone is answered as an operator is, gets no code, cannot log in and gets no account', async () => {
    const stranger = nextPhone();
    const sentBefore = t.sms.sent.length;
    const res = await call('POST', '/api/ops/auth/otp', undefined, { phone: stranger });
    assert.equal(res.statusCode, 200);
    const answer = dataOf('opsSendOtp', res);
    const operatorAnswer = dataOf(
      'opsSendOtp',
      await call('POST', '/api/ops/auth/otp', undefined, { phone: nextPhone() }),
    );
    assert.deepEqual(Object.keys(answer).sort(), Object.keys(operatorAnswer).sort());
    assert.equal(answer.resendAfterSeconds, operatorAnswer.resendAfterSeconds);
    assert.equal(t.sms.sent.length, sentBefore, 'no text left the server');
    for (const code of ['000000', '123456']) {
      const login = await call('POST', '/api/ops/auth/login', undefined, { phone: stranger, code });
      assert.equal(login.statusCode, 400);
      assert.equal(envelope(login).errorCode, 'OTP_INVALID');
    }
    const accounts = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, `+86${stranger}`));
    assert.deepEqual(accounts, []);
  });

  test('the public login cannot log in as an operator', async () => {
    const login = await call('POST', '/api/front/login', undefined, {
      phone: full.phone,
      code: '123456',
      kind: 'operator',
    });
    assert.equal(login.statusCode, 400);
    assert.equal(envelope(login).errorCode, 'KIND_INVALID');
  });

  test('an operator logs in, sees its permissions, and the login is audited', async () => {
    const me = dataOf('currentUser', await call('GET', '/api/front/currentUser', full.auth));
    assert.equal(me.kind, 'operator');
    assert.deepEqual(me.kind === 'operator' && [...me.permissions].sort(), [...OPS_PERMISSIONS].sort());
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.login'), eq(auditLog.actorId, full.id)));
    assert.equal(row?.actorName, 'Wang Fang');
    assert.equal(!!row?.address.length, true);
    const [operator] = await t.database.db.select().from(operators).where(eq(operators.userId, full.id));
    assert.ok(operator?.lastLoginAt, 'the last login is kept');
  });

  test('a wrong code is refused and opens nothing', async () => {
    const phone = nextPhone();
    await addTestOperator(t, phone, ['audit']);
    await call('POST', '/api/ops/auth/otp', undefined, { phone });
    const code = t.sms.lastCodeFor(`+86${phone}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await call('POST', '/api/ops/auth/login', undefined, { phone, code: wrong });
    assert.equal(envelope(res).errorCode, 'OTP_INVALID');
    const opened = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.phone, `+86${phone}`));
    assert.equal(opened[0]?.n, 0);
  });
});

describe('operators', () => {
  test('an invite makes a phone an operator who can log in, and leaves an audit row with what it made', async () => {
    const phone = nextPhone();
    const res = await call('POST', '/api/ops/operators', full.auth, {
      phone,
      name: 'Li Lei',
      permissions: ['centers'],
    });
    assert.equal(res.statusCode, 200, res.body);
    const invited = dataOf('opsInviteOperator', res).find((o) => o.phone === `+86${phone}`);
    assert.equal(invited?.name, 'Li Lei');
    assert.deepEqual(invited?.permissions, ['centers']);
    assert.deepEqual(invited?.invitedBy, { id: full.id, name: 'Wang Fang' });
    const auth = await loginOperator(t, phone);
    const me = dataOf('currentUser', await call('GET', '/api/front/currentUser', auth));
    assert.deepEqual(me.kind === 'operator' && me.permissions, ['centers']);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.invite'), eq(auditLog.targetId, invited?.id ?? '')));
    assert.equal(row?.actorId, full.id);
    assert.deepEqual(row?.after, { phone: `+86${phone}`, name: 'Li Lei', permissions: ['centers'] });
    assert.equal(row?.before, null);
  });

  test('bad invites are refused with their reason and write nothing', async () => {
    const taken = nextPhone();
    await addTestOperator(t, taken, ['audit']);
    const cases: [object, number, string][] = [
      [{ phone: taken, name: 'Again', permissions: ['audit'] }, 409, 'OPERATOR_EXISTS'],
      [{ phone: '12345', name: 'Bad phone', permissions: ['audit'] }, 400, 'PHONE_INVALID'],
      [{ phone: nextPhone(), name: 'Nothing', permissions: [] }, 400, 'VALIDATION_FAILED'],
      [{ phone: nextPhone(), name: 'Twice', permissions: ['audit', 'audit'] }, 400, 'VALIDATION_FAILED'],
      [{ phone: nextPhone(), name: 'Unknown', permissions: ['root'] }, 400, 'VALIDATION_FAILED'],
      [{ phone: nextPhone(), name: '', permissions: ['audit'] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, code] of cases) {
      const rowsBefore = await auditRows();
      const operatorsBefore = (await t.database.db.select({ n: count() }).from(operators))[0]?.n;
      const res = await call('POST', '/api/ops/operators', full.auth, payload);
      assert.equal(res.statusCode, status, JSON.stringify(payload));
      assert.equal(envelope(res).errorCode, code, JSON.stringify(payload));
      assert.equal(await auditRows(), rowsBefore);
      assert.equal((await t.database.db.select({ n: count() }).from(operators))[0]?.n, operatorsBefore);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/ops/operators',
      headers: { ...full.auth, 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(envelope(malformed).errorCode, 'MALFORMED_JSON');
  });

  test('removing an operator ends its sessions and is audited with what it was; nobody removes themselves', async () => {
    const phone = nextPhone();
    const id = await addTestOperator(t, phone, ['catalog', 'audit'], 'Zhao Min');
    const auth = await loginOperator(t, phone);
    const res = await call('DELETE', `/api/ops/operators/${id}`, full.auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(!dataOf('opsRemoveOperator', res).some((o) => o.id === id));
    const after = await call('GET', '/api/front/currentUser', auth);
    assert.equal(after.statusCode, 401, 'its session ended');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.remove'), eq(auditLog.targetId, id)));
    assert.deepEqual(row?.before, { phone: `+86${phone}`, name: 'Zhao Min', permissions: ['catalog', 'audit'] });
    assert.equal(row?.after, null);
    // Its phone no longer gets a code, as any stranger's.
    const sentBefore = t.sms.sent.length;
    await call('POST', '/api/ops/auth/otp', undefined, { phone });
    assert.equal(t.sms.sent.length, sentBefore);

    const self = await call('DELETE', `/api/ops/operators/${full.id}`, full.auth);
    assert.equal(self.statusCode, 409);
    assert.equal(envelope(self).errorCode, 'OPERATOR_SELF_REMOVAL');
    const unknown = await call('DELETE', `/api/ops/operators/${uuidv7()}`, full.auth);
    assert.equal(unknown.statusCode, 404);
    const malformed = await call('DELETE', '/api/ops/operators/not-an-id', full.auth);
    assert.equal(malformed.statusCode, 400);
  });
});

describe('audit log', () => {
  test('lists newest first, filtered by action, operator and Beijing days', async () => {
    const all = dataOf('opsAudit', await call('GET', '/api/ops/audit?pageSize=100', full.auth));
    assert.ok(all.total >= 3);
    const times = all.list.map((e) => e.at);
    assert.deepEqual(times, [...times].sort().reverse());
    const invites = dataOf(
      'opsAudit',
      await call('GET', '/api/ops/audit?action=operator.invite&pageSize=100', full.auth),
    );
    assert.ok(invites.list.length > 0 && invites.list.every((e) => e.action === 'operator.invite'));
    const byCommandLine = invites.list.filter((e) => e.actor === null);
    assert.ok(byCommandLine.length > 0, 'the command line is an actor of its own');
    const mine = dataOf('opsAudit', await call('GET', '/api/ops/audit?actor=wang&pageSize=100', full.auth));
    assert.ok(mine.list.length > 0 && mine.list.every((e) => e.actor?.id === full.id));
    const beijingToday = new Date(t.clock.now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const today = dataOf(
      'opsAudit',
      await call('GET', `/api/ops/audit?from=${beijingToday}&to=${beijingToday}`, full.auth),
    );
    assert.equal(today.total, all.total);
    const none = dataOf('opsAudit', await call('GET', '/api/ops/audit?from=2020-01-01&to=2020-01-02', full.auth));
    assert.equal(none.total, 0);
    const backwards = await call('GET', '/api/ops/audit?from=2020-01-02&to=2020-01-01', full.auth);
    assert.equal(backwards.statusCode, 400);
  });

  test('exports every row the filters find as an .xlsx file, and the export leaves its own row', async () => {
    const firstPage = dataOf(
      'opsAudit',
      await call('GET', '/api/ops/audit?action=operator.invite&pageSize=5', full.auth),
    );
    assert.ok(firstPage.total > 5, 'more rows than one page');
    const rowsBefore = await auditRows();

    const res = await call('GET', '/api/ops/audit/export?action=operator.invite', full.auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as ExcelJS.CellValue[][];
    const [header, ...lines] = rows.map((row) => row.slice(1).map(String));
    assert.deepEqual(
      header?.map((cell) => cell.split(' / ')[1]),
      [
        'Time (Beijing)',
        'Operator',
        'Operator phone',
        'Action',
        'Target type',
        'Target id',
        'Target',
        'Before',
        'After',
        'Address',
      ],
    );
    assert.equal(lines.length, firstPage.total, 'every page, not the first');
    assert.ok(lines.every((line) => line[3] === 'operator.invite'));
    const newest = firstPage.list[0];
    const beijing = new Date(Date.parse(newest?.at ?? '') + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    assert.deepEqual(lines[0]?.slice(0, 7), [
      beijing,
      newest?.actor?.name ?? 'npm run operator',
      newest?.actor?.phone ?? '',
      'operator.invite',
      newest?.target.type,
      newest?.target.id,
      newest?.target.label,
    ]);
    assert.deepEqual(JSON.parse(lines[0]?.[8] ?? ''), newest?.after);
    assert.ok(
      lines.some((line) => line[1] === 'npm run operator' && line[9] === 'cli'),
      'the command line too',
    );

    assert.equal(await auditRows(), rowsBefore + 1);
    const [exported] = dataOf('opsAudit', await call('GET', '/api/ops/audit?action=audit.export', full.auth)).list;
    assert.equal(exported?.actor?.id, full.id);
    assert.deepEqual(exported?.after, { filters: { action: 'operator.invite' }, rows: lines.length });
    assert.equal(exported?.target.label, 'action=operator.invite');

    const none = await call('GET', '/api/ops/audit/export?from=2020-01-01&to=2020-01-02', full.auth);
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
    assert.equal(empty.worksheets[0]?.actualRowCount, 1, 'the header alone');
  });

  test('refuses a bad export filter with a clear error, and writes nothing', async () => {
    const rowsBefore = await auditRows();
    for (const query of ['from=2020-01-02&to=2020-01-01', 'action=order.eat', 'from=yesterday', 'pageSize=5']) {
      const res = await call('GET', `/api/ops/audit/export?${query}`, full.auth);
      assert.equal(res.statusCode, 400, query);
      assert.equal(envelope(res).errorCode, 'VALIDATION_FAILED', query);
    }
    assert.equal(await auditRows(), rowsBefore);
  });

  test('the database refuses to change or delete an audit row', async () => {
    const appendOnly = (error: unknown) => /append-only/.test(String((error as Error).cause ?? error));
    await assert.rejects(t.database.db.update(auditLog).set({ actorName: 'someone else' }), appendOnly);
    await assert.rejects(t.database.db.delete(auditLog), appendOnly);
  });
});
