import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/app';
import { type CatalogBasics, insertCatalogBasics, insertExam } from '../../tests/helpers/fixtures';
import { examRooms, notifications, registrations, rooms, users } from '../db/schema';
import { renderNotice } from '../documents/notices';
import { uuidv7 } from '../ids';
import { notificationDeps } from '../plugins/domainDeps';
import { writeReminders, writeTicketReleases } from './scheduledNotices';

/**
 * Reminders go at 09:00 on the exam's own clock, 3 and 1 calendar days before the exam's date there; ticket releases
 * once per seated registration. Every write is keyed, so repeated or simultaneous runs write each once.
 */
let t: TestApp;
let basics: CatalogBasics;
let phoneCounter = 0;

/** The exams all start at the same instant: 09:00 in Beijing, 07:00 in Urumqi, 20:00 the day before in New York. */
const START = new Date('2026-12-10T01:00:00.000Z');
const BOOKED = new Date('2026-12-01T04:00:00.000Z');

async function registration(examId: string, createdAt = BOOKED, status: 'register' | 'pending' = 'register') {
  phoneCounter += 1;
  const userId = uuidv7();
  await t.database.db
    .insert(users)
    .values({ id: userId, phone: `+86136${String(phoneCounter).padStart(8, '0')}`, kind: 'individual' });
  const id = uuidv7();
  await t.database.db.insert(registrations).values({ id, userId, examId, status, createdAt });
  return id;
}

async function examIn(timeZone: string) {
  return insertExam(t.database.db, basics.beijing, basics.category.id, {
    startsAt: START,
    timeZone,
    arrivalLeadMinutes: 30,
    locationZh: '体育馆',
    locationEn: 'Sports hall',
  });
}

/** The reminders written so far for these registrations, as `<registration>:<days>`. */
async function reminders(ids: string[]) {
  const rows = await t.database.db
    .select({ params: notifications.params })
    .from(notifications)
    .innerJoin(registrations, eq(registrations.userId, notifications.userId))
    .where(
      and(eq(notifications.event, 'exam.reminder'), eq(notifications.channel, 'inapp'), inArray(registrations.id, ids)),
    );
  return rows.map((row) => `${row.params.registrationId}:${row.params.days}`).sort();
}

function runAt(iso: string) {
  t.clock.now = new Date(iso);
  return writeReminders({ ...notificationDeps(t.app), log: { info() {}, warn() {}, error() {} } });
}

describe('scheduled notices', () => {
  before(async () => {
    t = await createTestApp();
    basics = await insertCatalogBasics(t.database.db);
  });
  after(() => t.close());

  test('reminders at 09:00 on the exam clock, 3 and 1 days before its date there, each once', async () => {
    const shanghai = await examIn('Asia/Shanghai');
    const urumqi = await examIn('Asia/Urumqi');
    const newYork = await examIn('America/New_York');
    const s = await registration(shanghai.id);
    const u = await registration(urumqi.id);
    const n = await registration(newYork.id);
    const unpaid = await registration(shanghai.id, BOOKED, 'pending');
    // Booked after the 3-day reminder's moment but before the 1-day one's: it gets only the 1-day one.
    const late = await registration(shanghai.id, new Date('2026-12-08T00:00:00.000Z'));
    const all = [s, u, n, unpaid, late];

    await runAt('2026-12-06T13:59:59.000Z');
    assert.deepEqual(await reminders(all), []);
    await runAt('2026-12-06T14:00:00.000Z'); // 09:00 on Dec 6 in New York, whose exam is on Dec 9 there
    assert.deepEqual(await reminders(all), [`${n}:3`]);
    await runAt('2026-12-07T00:59:00.000Z');
    assert.deepEqual(await reminders(all), [`${n}:3`]);
    await runAt('2026-12-07T01:00:00.000Z'); // 09:00 in Beijing, 07:00 in Urumqi
    assert.deepEqual(await reminders(all), [`${n}:3`, `${s}:3`].sort());
    // Two instances at once, and again: still one reminder each.
    t.clock.now = new Date('2026-12-07T03:00:00.000Z'); // 09:00 in Urumqi
    const deps = { ...notificationDeps(t.app), log: { info() {}, warn() {}, error() {} } };
    await Promise.all([writeReminders(deps), writeReminders(deps)]);
    await runAt('2026-12-07T05:00:00.000Z');
    assert.deepEqual(await reminders(all), [`${n}:3`, `${s}:3`, `${u}:3`].sort());

    await runAt('2026-12-08T14:00:00.000Z');
    assert.deepEqual(await reminders(all), [`${n}:1`, `${n}:3`, `${s}:3`, `${u}:3`].sort());
    await runAt('2026-12-09T01:00:00.000Z');
    await runAt('2026-12-09T03:00:00.000Z');
    assert.deepEqual(
      await reminders(all),
      [`${late}:1`, `${n}:1`, `${n}:3`, `${s}:1`, `${s}:3`, `${u}:1`, `${u}:3`].sort(),
      'the late booking gets only the 1-day reminder; the unpaid hold none',
    );
    const keys = await t.database.db
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.event, 'exam.reminder'));
    assert.equal(new Set(keys.map((k) => k.key)).size, keys.length);

    // What each says: the time to arrive on the exam's own clock.
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `exam.reminder:${u}:1:inapp`));
    assert.ok(row);
    const text = renderNotice('exam.reminder', row.params, 'zh-CN');
    assert.equal(text.title, '考试提醒：明天开考');
    assert.match(text.body, /将于 2026-12-10 07:00 GMT\+6 开考。请于 06:30 前到达 体育馆/);
  });

  test('a reminder whose moment passed while the job was down is not sent after the next one is due', async () => {
    const exam = await examIn('Asia/Shanghai');
    const r = await registration(exam.id);
    await runAt('2026-12-09T02:00:00.000Z'); // past both moments: only the 1-day reminder still makes sense
    assert.deepEqual(await reminders([r]), [`${r}:1`]);
  });

  test('each seated candidate hears once that the tickets are out, when they are released', async () => {
    const exam = await examIn('Asia/Shanghai');
    const roomId = uuidv7();
    await t.database.db.insert(rooms).values({ id: roomId, centerId: basics.beijing.id, name: 'R1', seats: 30 });
    await t.database.db.insert(examRooms).values({ examId: exam.id, roomId });
    const seated = await registration(exam.id);
    const unseated = await registration(exam.id);
    await t.database.db.update(registrations).set({ roomId, seat: 1 }).where(eq(registrations.id, seated));
    const deps = { ...notificationDeps(t.app), log: { info() {}, warn() {}, error() {} } };
    const released = async () =>
      (
        await t.database.db
          .select({ params: notifications.params })
          .from(notifications)
          .where(and(eq(notifications.event, 'ticket.released'), eq(notifications.channel, 'inapp')))
      )
        .map((row) => row.params.registrationId)
        .filter((id) => id === seated || id === unseated);

    t.clock.now = new Date(START.getTime() - 7 * 86_400_000 - 1000); // a second before the default release
    await writeTicketReleases(deps);
    assert.deepEqual(await released(), []);
    t.clock.now = new Date(START.getTime() - 7 * 86_400_000);
    await Promise.all([writeTicketReleases(deps), writeTicketReleases(deps)]);
    await writeTicketReleases(deps);
    assert.deepEqual(await released(), [seated]);
  });
});
