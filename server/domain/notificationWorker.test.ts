import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { notifications, profiles, users } from '../db/schema';
import type { NoticeExam } from '../documents/notices';
import { uuidv7 } from '../ids';
import { notificationDeps } from '../plugins/domainDeps';
import { deliverNotifications, NOTIFICATION_LEASE_MS } from './notificationWorker';
import { notify } from './notify';
import type { DomainLogger } from './ports';

/**
 * The outbox worker over one database shared by two app instances (as two servers share PostgreSQL): each row is
 * sent once whoever claims it, a worker that dies only delays its rows, failures are retried with backoff, SMS waits
 * out the quiet hours, and each candidate reads their own language.
 */
let a: TestApp;
let b: TestApp;
let phoneCounter = 0;

const NOON_BEIJING = new Date('2026-12-01T04:00:00.000Z');

function setClocks(at: Date) {
  for (const t of [a, b]) t.clock.now = at;
}

function examIn(timeZone: string): NoticeExam {
  return {
    id: uuidv7(),
    code: 'SWIM-2612',
    name: { zh: '游泳考试', en: 'Swimming test' },
    startsAt: '2026-12-20T01:00:00.000Z',
    timeZone,
    arrivalLeadMinutes: 30,
    address: { zh: '体育馆', en: 'Sports hall' },
  };
}

/** An individual account with a phone, a language and (unless '') an e-mail address. */
async function candidate(locale: 'zh-CN' | 'en-US' = 'zh-CN', email = `c${phoneCounter + 1}@example.cn`) {
  phoneCounter += 1;
  const id = uuidv7();
  const phone = `+86137${String(phoneCounter).padStart(8, '0')}`;
  await a.database.db.insert(users).values({ id, phone, kind: 'individual', locale });
  await a.database.db.insert(profiles).values({ userId: id, email });
  return { id, phone, email };
}

async function tell(userId: string, exam: NoticeExam = examIn('Asia/Shanghai'), key = uuidv7()) {
  await a.app.uow.run((tx) =>
    notify(tx, { userId, event: 'exam.canceled', key, params: { exam, registrationId: key } }, a.clock.now),
  );
}

function rowsOf(userIds: string[]) {
  return a.database.db.select().from(notifications).where(inArray(notifications.userId, userIds));
}

function worker(t: TestApp, log: DomainLogger = { info() {}, warn() {}, error() {} }) {
  return { ...notificationDeps(t.app), log };
}

const sentTo = (phones: string[]) =>
  [...a.sms.notices, ...b.sms.notices].filter((notice) => phones.includes(notice.phone)).map((notice) => notice.phone);

describe('the notification worker', () => {
  before(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
    setClocks(NOON_BEIJING);
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  test('two workers running at once over the same rows send each message once', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => candidate()));
    for (const person of people) await tell(person.id);
    await Promise.all([
      deliverNotifications(worker(a), 3),
      deliverNotifications(worker(b), 3),
      deliverNotifications(worker(a), 4),
      deliverNotifications(worker(b), 5),
    ]);
    const phones = people.map((p) => p.phone);
    assert.deepEqual(sentTo(phones).sort(), [...phones].sort(), 'one SMS per candidate, across both instances');
    const mails = [...a.emails.sent, ...b.emails.sent].filter((m) => people.some((p) => p.email === m.to));
    assert.equal(mails.length, people.length, 'one e-mail per candidate');
    const rows = await rowsOf(people.map((p) => p.id));
    assert.equal(rows.length, people.length * 3);
    for (const row of rows) {
      assert.equal(row.status, 'sent', `${row.channel} ${row.status}`);
      assert.equal(row.lockedUntil, null);
      if (row.channel !== 'inapp') assert.equal(row.attempts, 1);
    }
  });

  test('rows a worker claimed and died with go out once its lease runs out, through another worker, and never again', async () => {
    const people = [await candidate(), await candidate()];
    for (const person of people) await tell(person.id);
    const phones = people.map((p) => p.phone);
    const lease = new Date(a.clock.now.getTime() + NOTIFICATION_LEASE_MS);
    const crashed = await a.app.repos.notifications.claimDue(a.clock.now, 100, lease);
    assert.equal(crashed.filter((row) => people.some((p) => p.id === row.userId)).length, 4, 'SMS and e-mail each');

    await deliverNotifications(worker(b));
    assert.deepEqual(sentTo(phones), [], 'held by the dead worker until its lease ends');

    setClocks(new Date(lease.getTime() + 1000));
    await deliverNotifications(worker(b));
    assert.deepEqual(sentTo(phones).sort(), [...phones].sort());

    // The dead worker's late settlement changes nothing; later runs find nothing more to send.
    for (const row of crashed) {
      assert.equal(
        await a.app.repos.notifications.settle(row.id, lease, { status: 'failed', attempts: 1, lastError: 'late' }),
        false,
      );
    }
    await Promise.all([deliverNotifications(worker(a)), deliverNotifications(worker(b))]);
    assert.deepEqual(sentTo(phones).sort(), [...phones].sort(), 'a sent row is never sent again');
    for (const row of await rowsOf(people.map((p) => p.id))) assert.equal(row.status, 'sent');
    setClocks(NOON_BEIJING);
  });

  test('a failing channel is retried after 1 min, 5 min, 30 min and 2 h, then failed with its last error', async () => {
    const failing = await createTestApp({
      database: a.database,
      sms: {
        name: 'http',
        async sendOtp() {},
        async sendNotice() {
          throw new Error('gateway down');
        },
      },
    });
    try {
      failing.clock.now = NOON_BEIJING;
      const person = await candidate();
      await tell(person.id);
      const errors: string[] = [];
      const log: DomainLogger = {
        info() {},
        warn() {},
        error: (_details, message) => {
          errors.push(message);
        },
      };
      const smsRow = async () => (await rowsOf([person.id])).find((row) => row.channel === 'sms');
      const waits = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
      for (const [index, wait] of waits.entries()) {
        await deliverNotifications(worker(failing, log));
        const row = await smsRow();
        assert.equal(row?.status, 'pending');
        assert.equal(row?.attempts, index + 1);
        assert.equal(row?.lastError, 'gateway down');
        assert.equal(row?.nextAttemptAt.getTime(), failing.clock.now.getTime() + wait);
        // Not before its time.
        failing.clock.advance(wait - 1000);
        await deliverNotifications(worker(failing, log));
        assert.equal((await smsRow())?.attempts, index + 1);
        failing.clock.advance(1000);
      }
      await deliverNotifications(worker(failing, log));
      const failed = await smsRow();
      assert.equal(failed?.status, 'failed');
      assert.equal(failed?.attempts, 5);
      assert.equal(failed?.lastError, 'gateway down');
      assert.deepEqual(errors, ['notification failed after its last attempt']);
      const email = (await rowsOf([person.id])).find((row) => row.channel === 'email');
      assert.equal(email?.status, 'sent', 'the e-mail went on the first run');
    } finally {
      await failing.close();
    }
  });

  test('quiet hours follow SMS_QUIET_HOURS: another span defers to its end, off sends at once', async () => {
    setClocks(new Date('2026-12-01T14:30:00.000Z')); // 22:30 in Beijing
    const late = await candidate();
    await tell(late.id, examIn('Asia/Shanghai'));
    const tally = await deliverNotifications({ ...worker(a), quietHours: { from: 22, until: 9 } });
    assert.equal(tally.deferred, 1);
    const deferred = (await rowsOf([late.id])).find((row) => row.channel === 'sms');
    assert.equal(deferred?.nextAttemptAt.toISOString(), '2026-12-02T01:00:00.000Z', '09:00 the next day in Beijing');
    const evening = await candidate();
    await tell(evening.id, examIn('Asia/Shanghai'));
    await deliverNotifications({ ...worker(a), quietHours: null });
    assert.deepEqual(sentTo([late.phone, evening.phone]), [evening.phone], 'off: the new one goes; the deferred waits');
  });

  test('no SMS from 22:00 to 08:00 on the exam clock: deferred to 08:00, while e-mail and login codes go', async () => {
    setClocks(new Date('2026-12-01T14:30:00.000Z')); // 22:30 in Beijing, 20:30 in Urumqi
    const beijing = await candidate();
    const urumqi = await candidate();
    await tell(beijing.id, examIn('Asia/Shanghai'));
    await tell(urumqi.id, examIn('Asia/Urumqi'));
    const tally = await deliverNotifications(worker(a));
    assert.equal(tally.deferred, 1);
    assert.deepEqual(sentTo([beijing.phone, urumqi.phone]), [urumqi.phone]);
    assert.ok(
      a.emails.sent.some((mail) => mail.to === beijing.email),
      'e-mail has no quiet hours',
    );
    const deferred = (await rowsOf([beijing.id])).find((row) => row.channel === 'sms');
    assert.equal(deferred?.status, 'pending');
    assert.equal(deferred?.attempts, 0);
    assert.equal(deferred?.nextAttemptAt.toISOString(), '2026-12-02T00:00:00.000Z', '08:00 the next day in Beijing');

    const otp = await a.app.inject({
      method: 'POST',
      url: '/api/front/otp',
      payload: { phone: '13700000999', kind: 'individual' },
    });
    assert.equal(otp.statusCode, 200);
    assert.ok(
      a.sms.sent.some((message) => message.phone === '+8613700000999'),
      'a login code is sent at night',
    );

    setClocks(new Date('2026-12-01T23:59:00.000Z')); // 07:59
    await deliverNotifications(worker(b));
    assert.deepEqual(sentTo([beijing.phone]), []);
    setClocks(new Date('2026-12-02T00:00:00.000Z')); // 08:00
    await deliverNotifications(worker(b));
    assert.deepEqual(sentTo([beijing.phone]), [beijing.phone]);
    setClocks(NOON_BEIJING);
  });

  test('each candidate reads their own language', async () => {
    const zh = await candidate('zh-CN');
    const en = await candidate('en-US');
    for (const person of [zh, en]) await tell(person.id);
    await deliverNotifications(worker(a));
    const smsOf = (phone: string) => a.sms.notices.find((notice) => notice.phone === phone)?.text ?? '';
    assert.match(
      smsOf(zh.phone),
      /^【考试能力】您报名的考试「游泳考试」（SWIM-2612，2026-12-20 09:00 GMT\+8）已被考点取消/,
    );
    assert.doesNotMatch(smsOf(zh.phone), /Swimming/);
    assert.match(
      smsOf(en.phone),
      /^【考试能力】The test center canceled Swimming test \(SWIM-2612, 2026-12-20 09:00 GMT\+8\)/,
    );
    assert.equal(a.emails.sent.find((mail) => mail.to === en.email)?.subject, 'Exam canceled');
    assert.equal(a.emails.sent.find((mail) => mail.to === zh.email)?.subject, '考试已取消');
  });

  test('a channel switched off since the row was written, or an address gone, is skipped; the in-app row stays', async () => {
    const person = await candidate();
    await tell(person.id);
    await a.app.repos.notifications.saveSettings(person.id, { sms: false });
    await a.database.db.update(profiles).set({ email: '' }).where(eq(profiles.userId, person.id));
    await deliverNotifications(worker(a));
    assert.deepEqual(sentTo([person.phone]), []);
    const rows = await rowsOf([person.id]);
    assert.deepEqual(rows.map((row) => [row.channel, row.status, row.lastError]).sort(), [
      ['email', 'skipped', 'no e-mail address'],
      ['inapp', 'sent', null],
      ['sms', 'skipped', 'SMS switched off'],
    ]);
  });
});
