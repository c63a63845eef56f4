import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api } from '../../contract';
import { dataOf, envelope, loginAs, openFileApp, type TestApp } from '../../tests/helpers/app';
import { book, examInTenDays, nextPhone, payInWallet, readyCandidate } from '../../tests/helpers/booking';
import type { CatalogBasics } from '../../tests/helpers/fixtures';
import { deliverOutbox, outboxOf } from '../../tests/helpers/notifications';
import { operatorWithEveryPermission } from '../../tests/helpers/ops';
import { notify } from '../domain/notify';
import { uuidv7 } from '../ids';

let t: TestApp;
let basics: CatalogBasics;
openFileApp((file) => ({ t, basics } = file));

type Auth = { authorization: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth | Record<string, never>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const exam = {
  id: uuidv7(),
  code: 'SWIM-1',
  name: { zh: '游泳考试', en: 'Swimming test' },
  startsAt: '2026-12-20T01:00:00.000Z',
  timeZone: 'Asia/Shanghai',
  arrivalLeadMinutes: 30,
  address: { zh: '体育馆', en: 'Sports hall' },
};

/** Writes an in-app notice (and its other channels) for `userId`, `ms` after the clock, as a business change would. */
async function tellAt(userId: string, ms: number, event: 'exam.canceled' | 'result.published' = 'exam.canceled') {
  const key = uuidv7();
  await t.app.uow.run((tx) =>
    notify(tx, { userId, event, key, params: { exam, registrationId: key } }, new Date(t.clock.now.getTime() + ms)),
  );
}

describe('who may read and change notifications', () => {
  const endpoints = [
    ['notifications', 'GET', api.notifications.path, undefined],
    ['unreadNotifications', 'GET', api.unreadNotifications.path, undefined],
    ['markNotificationsRead', 'POST', api.markNotificationsRead.path, { all: true }],
    ['notificationSettings', 'GET', api.notificationSettings.path, undefined],
    ['saveNotificationSettings', 'PUT', api.saveNotificationSettings.path, { sms: false }],
  ] as const;

  test('no token: 401; a test center, an examiner or an operator: 403 STUDENTS_ONLY; a candidate: 200', async () => {
    const center = await loginAs(t, nextPhone(), 'testCenter');
    const examiner = await loginAs(t, nextPhone(), 'examiner');
    const operator = await operatorWithEveryPermission(t);
    const candidate = await loginAs(t, nextPhone());
    for (const [name, method, path, body] of endpoints) {
      const anonymous = await call(method, path, {}, body);
      assert.equal(anonymous.statusCode, 401, `${name} anonymous`);
      assert.equal(envelope(anonymous).errorCode, 'UNAUTHORIZED');
      for (const [who, auth] of [
        ['center', center],
        ['examiner', examiner],
        ['operator', operator],
      ] as const) {
        const refused = await call(method, path, auth, body);
        assert.equal(refused.statusCode, 403, `${name} as ${who}: ${refused.body}`);
      }
      assert.equal((await call(method, path, candidate, body)).statusCode, 200, name);
    }
    // The refusals changed nothing: the candidate's SMS setting is the only one switched.
    const settings = dataOf('notificationSettings', await call('GET', api.notificationSettings.path, candidate));
    assert.equal(settings.sms, false);
  });
});

describe('the in-app list', () => {
  test('newest first, written in the asked language, with the unread count; read marks only my own', async () => {
    const me = await readyCandidate(t);
    const other = await readyCandidate(t);
    await tellAt(me.userId, 0);
    await tellAt(me.userId, 1000, 'result.published');
    await tellAt(other.userId, 0);

    const zh = dataOf('notifications', await call('GET', `${api.notifications.path}?lang=zh-CN`, me.headers));
    assert.equal(zh.total, 2);
    assert.equal(zh.unread, 2);
    assert.deepEqual(
      zh.list.map((n) => n.title),
      ['成绩已发布', '考试已取消'],
    );
    assert.equal(zh.list[0]?.link, '/home/result');
    const en = dataOf('notifications', await call('GET', `${api.notifications.path}?lang=en-US`, me.headers));
    assert.deepEqual(
      en.list.map((n) => n.title),
      ['Your result is out', 'Exam canceled'],
    );
    assert.match(en.list[1]?.body ?? '', /The test center canceled Swimming test \(SWIM-1/);

    // Someone else's id changes nothing (no error either: it is simply not one of mine).
    const theirs = dataOf('notifications', await call('GET', api.notifications.path, other.headers)).list[0]?.id;
    assert.ok(theirs);
    const mark = (auth: Auth, body: object) => call('POST', api.markNotificationsRead.path, auth, body);
    assert.equal(dataOf('markNotificationsRead', await mark(me.headers, { ids: [theirs] })).unread, 2);
    assert.equal(
      dataOf('unreadNotifications', await call('GET', api.unreadNotifications.path, other.headers)).unread,
      1,
    );

    const first = zh.list[0]?.id ?? '';
    assert.equal(dataOf('markNotificationsRead', await mark(me.headers, { ids: [first] })).unread, 1);
    const after = dataOf('notifications', await call('GET', api.notifications.path, me.headers));
    assert.notEqual(after.list[0]?.readAt, null);
    assert.equal(after.list[1]?.readAt, null);
    assert.equal(dataOf('markNotificationsRead', await mark(me.headers, { all: true })).unread, 0);
    assert.equal(
      dataOf('unreadNotifications', await call('GET', api.unreadNotifications.path, other.headers)).unread,
      1,
    );

    const bad = await mark(me.headers, { ids: ['not-an-id'] });
    assert.equal(bad.statusCode, 400);
  });

  test('only in-app rows are listed: the SMS and e-mail copies are not', async () => {
    const me = await readyCandidate(t);
    await tellAt(me.userId, 0);
    assert.equal((await outboxOf(t, me.userId)).length, 3);
    assert.equal(dataOf('notifications', await call('GET', api.notifications.path, me.headers)).total, 1);
  });
});

describe('settings and language', () => {
  test('the login sends the app language; settings read and switch channels and language', async () => {
    const phone = nextPhone();
    const sent = await t.app.inject({ method: 'POST', url: '/api/front/otp', payload: { phone, kind: 'individual' } });
    assert.equal(sent.statusCode, 200);
    const code = t.sms.lastCodeFor(`+86${phone}`);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/front/login',
      payload: { phone, code, kind: 'individual', locale: 'en-US' },
    });
    const auth = { authorization: `Bearer ${dataOf('login', login).access_token}` };
    assert.deepEqual(dataOf('notificationSettings', await call('GET', api.notificationSettings.path, auth)), {
      sms: true,
      email: true,
      locale: 'en-US',
      emailAddress: '',
    });
    const saved = dataOf(
      'saveNotificationSettings',
      await call('PUT', api.saveNotificationSettings.path, auth, { email: false, locale: 'zh-CN' }),
    );
    assert.deepEqual(saved, { sms: true, email: false, locale: 'zh-CN', emailAddress: '' });
    const refused = await call('PUT', api.saveNotificationSettings.path, auth, { locale: 'fr-FR' });
    assert.equal(refused.statusCode, 400);
    assert.equal(
      dataOf('notificationSettings', await call('GET', api.notificationSettings.path, auth)).locale,
      'zh-CN',
    );
  });

  test('a paid booking tells the candidate in the language of their login, by SMS, e-mail and in the app', async () => {
    const me = await readyCandidate(t);
    await t.app.inject({
      method: 'PUT',
      url: api.saveNotificationSettings.path,
      headers: me.headers,
      payload: { locale: 'en-US' },
    });
    const target = await examInTenDays(t, basics, { nameEn: 'Diving test', nameZh: '跳水考试', feeFen: 20000 });
    const booked = await book(t, me.headers, target.id);
    await payInWallet(t, booked.order.id);
    const rows = (await outboxOf(t, me.userId)).filter((row) => row.event === 'booking.paid');
    assert.deepEqual(rows.map((row) => row.channel).sort(), ['email', 'inapp', 'sms']);
    await deliverOutbox(t);
    const sms = t.sms.notices.findLast((notice) => notice.phone === `+86${me.phone}`);
    assert.match(sms?.text ?? '', /^【考试能力】Your payment of CN¥\d+\.\d\d for Diving test/);
    const list = dataOf('notifications', await call('GET', `${api.notifications.path}?lang=en-US`, me.headers));
    assert.equal(list.list[0]?.title, 'Booking confirmed');
    assert.equal(list.list[0]?.link, '/home/ticket');
  });
});
