import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ticketDocument } from '../../tests/helpers/documents';
import { examIcs, ticketCalendarEvent } from './calendar';
import type { CalendarEvent } from './types';

interface Property {
  name: string;
  params: string[];
  value: string;
}

/** RFC 5545 read back, as small as a test can make it: unfold, split each line at its first unquoted colon. */
function parseIcs(ics: string): Property[] {
  assert.ok(ics.endsWith('\r\n'), 'the last line ends in CRLF');
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      return { name, params, value: line.slice(colon + 1) };
    });
}

/** A TEXT value as its reader sees it (RFC 5545 3.3.11). */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

/** The properties of one component (VEVENT, VALARM) by name, the component's own lines only. */
function component(properties: Property[], kind: string): Map<string, Property> {
  const start = properties.findIndex((p) => p.name === 'BEGIN' && p.value === kind);
  const end = properties.findIndex((p, i) => i > start && p.name === 'END' && p.value === kind);
  assert.ok(start >= 0 && end > start, `a ${kind}`);
  const own = new Map<string, Property>();
  let depth = 0;
  for (const property of properties.slice(start + 1, end)) {
    if (property.name === 'BEGIN') depth += 1;
    else if (property.name === 'END') depth -= 1;
    else if (depth === 0) own.set(property.name, property);
  }
  return own;
}

function text(properties: Map<string, Property>, name: string): string {
  const property = properties.get(name);
  assert.ok(property, `${name} is there`);
  return unescapeText(property.value);
}

const NOW = new Date('2026-11-24T08:00:00.000Z');

describe('examIcs', () => {
  test("a ticket's event reads back: UTC times, the address as location, the facts, an alarm at the time to arrive", async () => {
    const ticket = await ticketDocument();
    const ics = examIcs(ticketCalendarEvent(ticket, 'zh-CN'), NOW);
    const properties = parseIcs(ics);
    assert.deepEqual(
      properties.filter((p) => p.name === 'BEGIN' || p.name === 'END').map((p) => `${p.name}:${p.value}`),
      ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'BEGIN:VALARM', 'END:VALARM', 'END:VEVENT', 'END:VCALENDAR'],
    );
    const calendar = component(properties, 'VCALENDAR');
    assert.equal(calendar.get('VERSION')?.value, '2.0');
    assert.ok(calendar.get('PRODID')?.value);

    const event = component(properties, 'VEVENT');
    assert.equal(text(event, 'UID'), `ticket-${ticket.registrationId}`);
    assert.equal(event.get('DTSTAMP')?.value, '20261124T080000Z');
    assert.equal(event.get('DTSTART')?.value, '20261205T010000Z', '09:00 in Beijing is 01:00 UTC');
    assert.equal(event.has('DTEND'), false, 'an exam has no recorded end: a point in time');
    assert.equal(text(event, 'SUMMARY'), '汉语水平考试 HSK 四级（HSK-4-2026-12）');
    assert.equal(text(event, 'LOCATION'), '北京市海淀区学院路15号 教学楼A座');
    assert.deepEqual(text(event, 'DESCRIPTION').split('\n'), [
      '姓名：张晓明',
      '考试时间：2026-12-05 09:00 GMT+8（中国标准时间）',
      '最迟到达：08:30（开考前 30 分钟）',
      '考点：北京语言大学考点',
      '地址：北京市海淀区学院路15号 教学楼A座',
      '考场：301（A，3 层）',
      '座位号：17',
      '请携带本准考证及上方号码对应的身份证，考官将核对本人、照片与证件。',
    ]);

    const alarm = component(properties, 'VALARM');
    assert.equal(alarm.get('ACTION')?.value, 'DISPLAY');
    assert.deepEqual(alarm.get('TRIGGER'), { name: 'TRIGGER', params: ['RELATED=START'], value: '-PT30M' });
    assert.equal(text(alarm, 'DESCRIPTION'), '请于 08:30 前到达北京语言大学考点');
  });

  test('in English, with room and seat to be announced before allocation', async () => {
    const ticket = await ticketDocument({ name: 'Zhang Xiaoming', seat: null });
    const event = component(parseIcs(examIcs(ticketCalendarEvent(ticket, 'en-US'), NOW)), 'VEVENT');
    assert.equal(text(event, 'SUMMARY'), 'Chinese Proficiency Test HSK Level 4 (HSK-4-2026-12)');
    assert.equal(text(event, 'LOCATION'), 'Building A, 15 Xueyuan Road, Haidian District, Beijing');
    const description = text(event, 'DESCRIPTION').split('\n');
    assert.ok(description.includes('Room: To be announced'));
    assert.ok(description.includes('Seat: To be announced'));
    assert.ok(description.includes('Arrive by: 08:30 (30 minutes before the start)'));
  });

  test('texts with commas, semicolons, backslashes and line breaks are escaped and read back the same', () => {
    const event: CalendarEvent = {
      uid: 'event-1',
      startsAt: '2026-12-05T01:00:00.000Z',
      endsAt: '2026-12-05T03:00:00.000Z',
      summary: 'Part 1; Part 2, and C:\\exams',
      location: 'Room 3,\nBuilding A; Beijing',
      description: 'line one\nline two\r\nline three',
      alarm: null,
    };
    const ics = examIcs(event, NOW);
    assert.match(ics, /SUMMARY:Part 1\\; Part 2\\, and C:\\\\exams\r\n/);
    const read = component(parseIcs(ics), 'VEVENT');
    assert.equal(text(read, 'SUMMARY'), event.summary);
    assert.equal(text(read, 'LOCATION'), event.location);
    assert.equal(text(read, 'DESCRIPTION'), 'line one\nline two\nline three');
    assert.equal(read.get('DTEND')?.value, '20261205T030000Z');
    assert.doesNotMatch(ics, /BEGIN:VALARM/);
  });

  test('lines are folded at 75 octets, never inside a Chinese character, and unfold to the same text', async () => {
    const ticket = await ticketDocument();
    const long = {
      ...ticketCalendarEvent(ticket, 'zh-CN'),
      location:
        '北京市海淀区学院路十五号北京语言大学教学楼A座三层东侧走廊尽头第三百零一号考场（请从东门进入🚪）'.repeat(3),
      summary: 'A'.repeat(200),
    };
    const ics = examIcs(long, NOW);
    // The file as bytes, cut at each CRLF: every line at most 75 octets and valid UTF-8 on its own.
    const bytes = Buffer.from(ics, 'utf8');
    const physical: string[] = [];
    for (let start = 0, end = bytes.indexOf('\r\n'); end >= 0; start = end + 2, end = bytes.indexOf('\r\n', start)) {
      const line = bytes.subarray(start, end);
      assert.ok(line.length <= 75, `${line.length} octets`);
      physical.push(new TextDecoder('utf-8', { fatal: true }).decode(line));
    }
    assert.ok(
      physical.some((line) => line.startsWith(' ')),
      'some lines were folded',
    );
    const event = component(parseIcs(ics), 'VEVENT');
    assert.equal(text(event, 'LOCATION'), long.location);
    assert.equal(text(event, 'SUMMARY'), long.summary);
  });
});
