import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NOTIFICATION_EVENTS } from '../../contract';
import { DOCUMENT_LOCALES } from './messages';
import { NOTICE_TEXTS, type NoticeExam, noticeTimeZone, renderNotice } from './notices';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const exam: NoticeExam = {
  id: 'e1',
  code: 'HSK4-2612',
  name: { zh: '汉语水平考试四级', en: 'HSK Level 4' },
  startsAt: '2026-12-05T01:00:00.000Z',
  timeZone: 'Asia/Shanghai',
  arrivalLeadMinutes: 30,
  address: { zh: '北京市海淀区学院路 15 号', en: '15 Xueyuan Road, Haidian, Beijing' },
};

const paramsOf = {
  'booking.paid': { exam, orderId: 'o1', seats: 1, totalFen: 45_000 },
  'exam.reminder': { exam, registrationId: 'r1', days: 3 },
  'exam.changed': { exam, registrationId: 'r1' },
  'exam.canceled': { exam, registrationId: 'r1' },
  'ticket.released': { exam, registrationId: 'r1' },
  'waitlist.offer': { exam, offerExpiresAt: '2026-11-20T10:30:00.000Z' },
  'waitlist.offer_expired': { exam },
  'waitlist.closed': { exam },
  'result.published': { exam, registrationId: 'r1' },
  'refund.completed': { exam, orderId: 'o1', amountFen: 12_345 },
} as const;

describe('notification texts', () => {
  test('both languages have the same keys and placeholders', () => {
    const zh = NOTICE_TEXTS['zh-CN'];
    const en = NOTICE_TEXTS['en-US'];
    assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      assert.deepEqual(placeholders(zh[key as keyof typeof zh]), placeholders(text), key);
    }
  });

  test('every event reads in both languages with every value filled in, the SMS signed', () => {
    for (const event of NOTIFICATION_EVENTS) {
      for (const locale of DOCUMENT_LOCALES) {
        const notice = renderNotice(event, paramsOf[event], locale);
        for (const text of [notice.title, notice.body, notice.sms]) {
          assert.doesNotMatch(text, /\{\w+\}/, `${event} ${locale}: ${text}`);
        }
        assert.ok(notice.sms.startsWith('【考试能力】'), notice.sms);
        assert.ok(notice.sms.length < 200, `${event} ${locale} SMS is ${notice.sms.length} characters`);
        assert.match(notice.body, locale === 'zh-CN' ? /汉语水平考试四级/ : /HSK Level 4/);
      }
    }
  });

  test('the reminder says where, when to arrive on the exam clock, and what to bring', () => {
    const zh = renderNotice('exam.reminder', paramsOf['exam.reminder'], 'zh-CN');
    assert.equal(zh.title, '考试提醒：3 天后开考');
    assert.match(zh.body, /2026-12-05 09:00 GMT\+8/);
    assert.match(zh.body, /请于 08:30 前到达 北京市海淀区学院路 15 号/);
    assert.match(zh.body, /身份证和准考证（打印或手机出示均可）/);
    const en = renderNotice('exam.reminder', { ...paramsOf['exam.reminder'], days: 1 }, 'en-US');
    assert.equal(en.title, 'Your exam is tomorrow');
    assert.match(en.body, /Arrive by 08:30 at 15 Xueyuan Road, Haidian, Beijing/);
    assert.match(en.body, /ID card and your ticket \(printed or on your phone\)/);
    const urumqi = { ...exam, timeZone: 'Asia/Urumqi' };
    assert.match(
      renderNotice('exam.reminder', { exam: urumqi, registrationId: 'r', days: 3 }, 'en-US').body,
      /07:00 GMT\+6.*Arrive by 06:30/,
    );
  });

  test('money, seats and the offer expiry are formatted for the reader', () => {
    assert.match(renderNotice('booking.paid', paramsOf['booking.paid'], 'zh-CN').body, /¥450\.00/);
    const group = renderNotice('booking.paid', { ...paramsOf['booking.paid'], seats: 3 }, 'en-US');
    assert.match(group.body, /3 seats at HSK Level 4/);
    assert.match(renderNotice('refund.completed', paramsOf['refund.completed'], 'en-US').body, /CN¥123\.45/);
    assert.match(
      renderNotice('waitlist.offer', paramsOf['waitlist.offer'], 'zh-CN').body,
      /保留至 2026-11-20 18:30 GMT\+8/,
    );
  });

  test('params that are not the event’s throw rather than send a half-filled text', () => {
    assert.throws(() => renderNotice('booking.paid', { exam }, 'zh-CN'));
  });

  test('the zone of quiet hours is the exam’s when the params name one', () => {
    assert.equal(noticeTimeZone(paramsOf['exam.canceled']), 'Asia/Shanghai');
    assert.equal(noticeTimeZone({}), null);
  });
});
