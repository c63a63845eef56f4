import type { PriceBreakdown } from '../../contract';

/**
 * The one place money is computed (DESIGN.md section 4). Pure: every input is plain data, every amount is integer
 * fen, and every percentage line is rounded half-up to the fen with integer arithmetic only.
 */

/** Basis points: 10000 bps = 100 %. */
const BPS = 10_000;

/** Group discount by quantity, largest tier first; group registration uses the same tiers. */
export const GROUP_DISCOUNT_TIERS: readonly { minQuantity: number; bps: number }[] = [
  { minQuantity: 100, bps: 1000 },
  { minQuantity: 30, bps: 800 },
  { minQuantity: 10, bps: 500 },
];

/** A discount as stored: a percentage in basis points, or a fixed amount off (exactly one of them). */
export interface Discount {
  discountBps: number | null;
  amountFen: number | null;
}

/** A promotion or invitation code and the discount it gives. */
export interface Promotion extends Discount {
  code: string;
}

export interface PriceInput {
  unitPriceFen: number;
  quantity: number;
  /** The discount of the profile's invitation code, when it applies to this exam. */
  referral?: Discount | undefined;
  promotion?: Discount | undefined;
  handlingFeeBps: number;
}

/** `amountFen x bps / 10000`, rounded half-up to the fen (amounts are never negative). */
export function applyBps(amountFen: number, bps: number): number {
  return Math.floor((amountFen * bps + BPS / 2) / BPS);
}

export function groupDiscountBps(quantity: number): number {
  return GROUP_DISCOUNT_TIERS.find((tier) => quantity >= tier.minQuantity)?.bps ?? 0;
}

/** What a discount takes off `subtotalFen` before the cap of what is left: its percentage, or its fixed amount. */
function discountFen(subtotalFen: number, discount: Discount | undefined): number {
  if (discount === undefined) return 0;
  return discount.discountBps !== null ? applyBps(subtotalFen, discount.discountBps) : (discount.amountFen ?? 0);
}

/**
 * The checkout lines. Discounts apply to the subtotal in the order referral, group, promotion, each capped by
 * what is left so that together they never exceed the subtotal; handling is charged on the discounted amount.
 * A total of 0 (a 100 % promotion) is legal: the booking is then paid at once without the payment provider.
 */
export function priceBooking(input: PriceInput): PriceBreakdown {
  const { unitPriceFen, quantity } = input;
  const subtotalFen = unitPriceFen * quantity;
  let left = subtotalFen;
  const take = (amount: number) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return taken;
  };
  const referralDiscountFen = take(discountFen(subtotalFen, input.referral));
  const groupDiscountFen = take(applyBps(subtotalFen, groupDiscountBps(quantity)));
  const promotionDiscountFen = take(discountFen(subtotalFen, input.promotion));
  const handlingFen = applyBps(left, input.handlingFeeBps);
  return {
    unitPriceFen,
    quantity,
    subtotalFen,
    referralDiscountFen,
    promotionDiscountFen,
    groupDiscountFen,
    handlingFen,
    totalFen: left + handlingFen,
  };
}
