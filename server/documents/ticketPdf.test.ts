import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { idPhoto, ticketDocument } from '../../tests/helpers/documents';
import { compact, decodeQrCodes, readPdf, renderPage } from '../../tests/helpers/pdf';
import { ticketPdf } from './ticketPdf';

/** Each of `needles` found in `text` (white space ignored, so a wrapped value still counts); answers the missing. */
function missing(text: string, needles: string[]): string[] {
  const haystack = compact(text);
  return needles.filter((needle) => !haystack.includes(compact(needle)));
}

describe('ticketPdf', () => {
  test('a Chinese ticket prints every fact in Chinese, from the embedded font', async () => {
    const ticket = await ticketDocument();
    const [page, ...rest] = await readPdf(await ticketPdf([ticket], 'zh-CN'));
    assert.equal(rest.length, 0, 'one page');
    assert.deepEqual(
      missing(page?.text ?? '', [
        '准考证',
        '姓名',
        '张晓明',
        '身份证号',
        '110105********002X',
        '考试名称',
        '汉语水平考试 HSK 四级',
        '考试代码',
        'HSK-4-2026-12',
        '考试时间',
        '2026-12-05 09:00 GMT+8（中国标准时间）',
        '最迟到达',
        '08:30（开考前 30 分钟）',
        '考点',
        '北京语言大学考点',
        '北京市海淀区学院路15号 教学楼A座',
        '考场',
        '301（A，3 层）',
        '座位号',
        '17',
        '考生须知',
        '请于 08:30 前到达考点。',
        '入场时请出示此二维码',
        '考试能力',
        `报名编号 ${ticket.registrationId}`,
      ]),
      [],
    );
  });

  test('an English ticket prints every fact in English', async () => {
    const ticket = await ticketDocument({ name: 'Zhang Xiaoming' });
    const [page] = await readPdf(await ticketPdf([ticket], 'en-US'));
    assert.deepEqual(
      missing(page?.text ?? '', [
        'Admission Ticket',
        'Candidate',
        'Zhang Xiaoming',
        'ID number',
        '110105********002X',
        'Chinese Proficiency Test HSK Level 4',
        'Exam code',
        'HSK-4-2026-12',
        '2026-12-05 09:00 GMT+8 (China Standard Time)',
        'Arrive by',
        '08:30 (30 minutes before the start)',
        'Beijing Language and Culture University Test Center',
        'Building A, 15 Xueyuan Road, Haidian District, Beijing',
        'Room',
        '301 (A, floor 3)',
        'Seat',
        '17',
        'Rules for candidates',
        'Arrive by 08:30.',
        'Show this code at the door',
        'Exam Ability',
        `Registration ${ticket.registrationId}`,
      ]),
      [],
    );
    assert.doesNotMatch(page?.text ?? '', /[\u4e00-\u9fff]/, 'no Chinese on an English ticket');
  });

  test('a group of three is one file of three pages, each with its own photo and a QR that scans to its token', async () => {
    const tickets = [
      await ticketDocument({ name: '张晓明' }),
      await ticketDocument({ name: '王芳', photo: await idPhoto('png') }),
      await ticketDocument({ name: '刘洋', photo: await idPhoto('webp') }),
    ];
    const pdf = await ticketPdf(tickets, 'zh-CN');
    const pages = await readPdf(pdf);
    assert.equal(pages.length, 3);
    for (const [i, ticket] of tickets.entries()) {
      assert.ok(compact(pages[i]?.text ?? '').includes(ticket.candidate.name), `page ${i + 1} names its candidate`);
      assert.equal(pages[i]?.images, 1, `page ${i + 1} carries one photo`);
      const codes = await decodeQrCodes(await renderPage(pdf, i + 1));
      assert.deepEqual(
        codes.map((code) => code.text),
        [ticket.token],
        `page ${i + 1} scans to its own token`,
      );
      assert.ok((codes[0]?.sideMm ?? 0) >= 35, `the QR is ${codes[0]?.sideMm.toFixed(1)} mm, at least 35 mm`);
    }
  });

  test('a missing photo prints a box saying so, and no image', async () => {
    const [zh] = await readPdf(await ticketPdf([await ticketDocument({ photo: null })], 'zh-CN'));
    assert.equal(zh?.images, 0);
    assert.deepEqual(missing(zh?.text ?? '', ['缺少照片', '请在个人信息中上传证件照']), []);
    const [en] = await readPdf(await ticketPdf([await ticketDocument({ photo: null })], 'en-US'));
    assert.deepEqual(missing(en?.text ?? '', ['Photo missing', 'Upload an ID photo in your profile']), []);
  });

  test('before seats are allocated, room and seat are to be announced', async () => {
    const ticket = await ticketDocument({ seat: null });
    const [zh] = await readPdf(await ticketPdf([ticket], 'zh-CN'));
    assert.equal(zh?.text.match(/待公布/g)?.length, 2, 'room and seat');
    const [en] = await readPdf(await ticketPdf([ticket], 'en-US'));
    assert.equal(en?.text.match(/To be announced/g)?.length, 2, 'room and seat');
  });

  test('a room without building or floor prints just its name', async () => {
    const ticket = await ticketDocument({ seat: { room: '第三考场', building: null, floor: null, seat: 4 } });
    const [page] = await readPdf(await ticketPdf([ticket], 'zh-CN'));
    assert.match(page?.text ?? '', /考场\s*第三考场\s*座位号\s*4/);
  });

  test('the longest texts the contract allows still make one page, with a QR that scans at 35 mm or more', async () => {
    const ticket = await ticketDocument({
      name: '欧阳'.repeat(25),
      seat: { room: '第三教学楼东侧阶梯教室'.repeat(4), building: '第三教学楼', floor: '12', seat: 120 },
    });
    ticket.exam.name = { zh: '全国大学英语四六级考试口语'.repeat(8), en: 'National College English Test '.repeat(4) };
    ticket.center.name = { zh: '北京语言大学继续教育学院考点'.repeat(7), en: 'Center '.repeat(14) };
    ticket.center.address = { zh: '北京市海淀区学院路十五号'.repeat(16), en: 'Building A, 15 Xueyuan Road '.repeat(7) };
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const pdf = await ticketPdf([ticket], locale);
      assert.equal((await readPdf(pdf)).length, 1, locale);
      const [code] = await decodeQrCodes(await renderPage(pdf, 1));
      assert.equal(code?.text, ticket.token, locale);
      assert.ok((code?.sideMm ?? 0) >= 35, `${locale}: ${code?.sideMm.toFixed(1)} mm`);
    }
  });

  test('bytes that are not a photo are refused, not printed as a missing photo', async () => {
    const ticket = await ticketDocument({ photo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await assert.rejects(ticketPdf([ticket], 'zh-CN'));
  });
});
