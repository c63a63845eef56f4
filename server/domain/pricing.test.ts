import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyBps, GROUP_DISCOUNT_TIERS, groupDiscountBps, priceBooking } from './pricing';

type Discount = Parameters<typeof priceBooking>[0]['promotion'];
const percent = (bps: number) => ({ discountBps: bps, amountFen: null });

/** One seat at `unitPriceFen` with `promotion` (and a `referral` discount), at the 0.6 % handling charge. */
const oneSeat = (unitPriceFen: number, promotion: Discount, referral?: Discount) =>
  priceBooking({ unitPriceFen, quantity: 1, referral, promotion, handlingFeeBps: 60 });

describe('applyBps', () => {
  test('rounds half-up to the fen', () => {
    assert.equal(applyBps(12345, 60), 74); // 74.07
    assert.equal(applyBps(250, 200), 5); // exactly 5
    assert.equal(applyBps(25, 200), 1); // 0.5 rounds up
    assert.equal(applyBps(24, 200), 0); // 0.48 rounds down
    assert.equal(applyBps(0, 5000), 0);
  });
});

describe('group discount tiers', () => {
  test('5 % from 10, 8 % from 30, 10 % from 100', () => {
    assert.deepEqual([1, 9, 10, 29, 30, 99, 100, 1000].map(groupDiscountBps), [0, 0, 500, 500, 800, 800, 1000, 1000]);
    assert.equal(GROUP_DISCOUNT_TIERS.length, 3);
  });
});

describe('priceBooking', () => {
  test('one seat, no codes: the fee plus handling on it', () => {
    assert.deepEqual(priceBooking({ unitPriceFen: 12000, quantity: 1, handlingFeeBps: 60 }), {
      unitPriceFen: 12000,
      quantity: 1,
      subtotalFen: 12000,
      referralDiscountFen: 0,
      promotionDiscountFen: 0,
      groupDiscountFen: 0,
      handlingFen: 72,
      totalFen: 12072,
    });
  });

  test('referral, group and percent promotion each on the subtotal; handling on what is left', () => {
    const quote = priceBooking({
      unitPriceFen: 12345,
      quantity: 10,
      referral: percent(500),
      promotion: { discountBps: 1000, amountFen: null },
      handlingFeeBps: 60,
    });
    assert.equal(quote.subtotalFen, 123450);
    assert.equal(quote.referralDiscountFen, 6173); // 6172.5 rounds up
    assert.equal(quote.groupDiscountFen, 6173);
    assert.equal(quote.promotionDiscountFen, 12345);
    assert.equal(quote.handlingFen, 593); // 98759 x 0.6 % = 592.554
    assert.equal(quote.totalFen, 123450 - 6173 - 6173 - 12345 + 593);
  });

  test('a fixed-amount promotion takes its amount off', () => {
    const quote = oneSeat(12000, { discountBps: null, amountFen: 2000 });
    assert.equal(quote.promotionDiscountFen, 2000);
    assert.equal(quote.handlingFen, 60);
    assert.equal(quote.totalFen, 10060);
  });

  test('discounts never exceed the subtotal; a 100 % promotion makes the total 0', () => {
    const big = oneSeat(1000, { discountBps: null, amountFen: 5000 }, percent(500));
    assert.equal(big.referralDiscountFen, 50);
    assert.equal(big.promotionDiscountFen, 950);
    assert.equal(big.handlingFen, 0);
    assert.equal(big.totalFen, 0);
    const free = oneSeat(45000, { discountBps: 10000, amountFen: null });
    assert.equal(free.totalFen, 0);
  });

  test('a fixed invitation takes its amount off before the group discount and the promotion', () => {
    const quote = priceBooking({
      unitPriceFen: 10_000,
      quantity: 10,
      referral: { discountBps: null, amountFen: 3000 },
      promotion: { discountBps: null, amountFen: 96_000 },
      handlingFeeBps: 60,
    });
    assert.equal(quote.referralDiscountFen, 3000);
    assert.equal(quote.groupDiscountFen, 5000);
    assert.equal(quote.promotionDiscountFen, 92_000, 'capped by what is left');
    assert.equal(quote.totalFen, 0);
  });

  test('a free exam costs nothing and charges no handling', () => {
    const quote = priceBooking({ unitPriceFen: 0, quantity: 3, referral: percent(500), handlingFeeBps: 60 });
    assert.equal(quote.totalFen, 0);
  });
});
