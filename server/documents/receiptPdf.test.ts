import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatFen } from '../../contract/format';

import { receiptDocument } from '../../tests/helpers/documents';
import { compact, readPdf } from '../../tests/helpers/pdf';
import { receiptPdf } from './receiptPdf';

/** Each of `needles` found in `text` (white space ignored); answers the missing. */
function missing(text: string, needles: string[]): string[] {
  const haystack = compact(text);
  return needles.filter((needle) => !haystack.includes(compact(needle)));
}

describe('receiptPdf', () => {
  test('a Chinese receipt reads back the payer, the order, every checkout line, the total and the refunds', async () => {
    const receipt = receiptDocument();
    const pages = await readPdf(await receiptPdf(receipt, 'zh-CN'));
    assert.equal(pages.length, 1);
    assert.deepEqual(
      missing(pages[0]?.text ?? '', [
        '收据',
        '考试能力科技有限公司',
        '订单号',
        receipt.orderId,
        '考试报名',
        '付款人',
        '李华',
        '+86 138****8000',
        '支付时间',
        '2026-11-02 14:30 GMT+8（中国标准时间）',
        '交易号',
        '4200001234202611020123456789',
        '汉语水平考试 HSK 四级',
        'HSK-4-2026-12',
        '2026-12-05',
        '单价',
        '¥450.00',
        '数量',
        '小计 ¥1,350.00',
        '推荐优惠 -¥67.50',
        '促销优惠（WINTER26） -¥100.00',
        '团体优惠 -¥59.63',
        '手续费 ¥3.56',
        '实付金额 ¥1,126.43',
        '退款',
        '2026-11-20 10:00',
        '取消报名',
        '已退款',
        '¥375.47',
        '2026-11-21 11:15',
        '考点取消考试',
        '退款处理中',
        '¥375.48',
        '本收据不作为发票使用。',
        '由考试能力科技有限公司通过考试能力开具',
      ]),
      [],
    );
    assert.doesNotMatch(pages[0]?.text ?? '', /13800138000/, 'the phone number is masked');
  });

  test('an English receipt says the same in English, with the amounts formatted as the web pages format them', async () => {
    const receipt = receiptDocument({ purpose: 'change', payer: { name: 'Li Hua', phone: '+8613800138000' } });
    const [page] = await readPdf(await receiptPdf(receipt, 'en-US'));
    const en = (fen: number) => formatFen(fen, 'en-US');
    assert.deepEqual(
      missing(page?.text ?? '', [
        'Receipt',
        'Exam Ability Technology Co., Ltd.',
        'Reservation change',
        'Payer Li Hua +86 138****8000',
        '2026-11-02 14:30 GMT+8 (China Standard Time)',
        'Chinese Proficiency Test HSK Level 4',
        'Registration canceled',
        'Refunded',
        'Exam canceled by the test center',
        'Pending',
        'This receipt is not a tax invoice (fapiao).',
        'Issued by Exam Ability Technology Co., Ltd. through Exam Ability',
      ]),
      [],
    );
    assert.doesNotMatch(page?.text ?? '', /[\u4e00-\u9fff]/, 'no Chinese on an English receipt');
    // Each checkout line on one line of its own: a label that wrapped would sit under the next line's amount.
    const lines = (page?.text ?? '').split('\n');
    const checkoutLines = [
      `Subtotal ${en(135_000)}`,
      `Referral discount ${en(-6_750)}`,
      `Promotion discount (WINTER26) ${en(-10_000)}`,
      `Group discount ${en(-5_963)}`,
      `Handling charge ${en(356)}`,
      `Total paid ${en(112_643)}`,
    ];
    assert.deepEqual(
      checkoutLines.filter((line) => !lines.includes(line)),
      [],
    );
    assert.equal(en(112_643), 'CN¥1,126.43');
  });

  test('a failed refund says our staff handles it; reasons are sentences, never codes, in both languages', async () => {
    const refunds = [
      { requestedAt: '2026-11-20T02:00:00.000Z', reason: 'late_payment', state: 'failed', amountFen: 45_000 },
      { requestedAt: '2026-11-21T02:00:00.000Z', reason: 'change_failed', state: 'requested', amountFen: 9_000 },
      { requestedAt: '2026-11-22T02:00:00.000Z', reason: 'manual', state: 'succeeded', amountFen: 1_000 },
    ] as const;
    const receipt = receiptDocument({ refunds: [...refunds] });
    const [zh] = await readPdf(await receiptPdf(receipt, 'zh-CN'));
    const [en] = await readPdf(await receiptPdf(receipt, 'en-US'));
    assert.deepEqual(
      missing(zh?.text ?? '', [
        '座位保留期满后付款',
        '退款失败，工作人员将处理',
        '已付款的改报未能完成',
        '退款处理中',
        '平台工作人员办理退款',
      ]),
      [],
    );
    assert.deepEqual(
      missing(en?.text ?? '', [
        'Paid after the seat hold expired',
        'Failed; our staff will handle it',
        'The paid change could not be made',
        'Pending',
        'Refunded by our staff',
      ]),
      [],
    );
    for (const page of [zh, en])
      assert.doesNotMatch(page?.text ?? '', /late_payment|change_failed|manual|receipt\.refund/);
  });

  test('no discount prints zero, not minus zero; no refund prints none', async () => {
    const receipt = receiptDocument({
      breakdown: {
        subtotalFen: 45_000,
        referralDiscountFen: 0,
        promotionDiscountFen: 0,
        groupDiscountFen: 0,
        handlingFen: 0,
        totalFen: 45_000,
      },
      promoCode: null,
      refunds: [],
    });
    const [page] = await readPdf(await receiptPdf(receipt, 'zh-CN'));
    assert.deepEqual(missing(page?.text ?? '', ['推荐优惠 ¥0.00', '实付金额 ¥450.00', '退款\n无']), []);
    assert.doesNotMatch(page?.text ?? '', /-¥0\.00/);
  });

  test('a group order with many refunds continues on further pages, each with the footer', async () => {
    const refunds = Array.from({ length: 40 }, (_, i) => ({
      requestedAt: new Date(Date.UTC(2026, 10, 20, 2, i)).toISOString(),
      reason: 'canceled' as const,
      state: 'succeeded' as const,
      amountFen: 10_000 + i,
    }));
    const pages = await readPdf(await receiptPdf(receiptDocument({ refunds }), 'en-US'));
    assert.ok(pages.length >= 2, `${pages.length} pages`);
    const all = pages.map((page) => page.text).join('\n');
    for (const refund of refunds) assert.ok(all.includes(formatFen(refund.amountFen, 'en-US')), `${refund.amountFen}`);
    for (const page of pages) assert.ok(page.text.includes('Exam Ability'), 'every page has the footer');
    assert.ok(compact(pages.at(-1)?.text ?? '').includes(compact('not a tax invoice')), 'the closing notes come last');
  });
});
