/**
 * A coupon's terms as an order keeps them (decision 0044): flat paise off, or a whole percent of
 * the lines, from a minimum subtotal. Pure, so the server judges a discount at placing and again
 * on the packed subtotal by the same rule.
 */
import { paiseToRupees, rupeesToPaise } from './money.js';

export type CouponKind = 'flat' | 'percent';

export interface CouponTerms {
  /** Upper case, as the shopper typed it (any case). */
  code: string;
  kind: CouponKind;
  /** Paise for `flat`; a whole percent (1-90) for `percent`. */
  value: number;
  /** Below this subtotal (the lines, before the discount) there is no discount. */
  minSubtotalPaise: number;
}

/**
 * The discount (positive paise) the terms give on a subtotal: 0 below the minimum; a flat amount
 * never more than the lines; a percent half up to the paisa.
 */
export function couponDiscountPaise(terms: CouponTerms, subtotalPaise: number): number {
  if (subtotalPaise <= 0 || subtotalPaise < terms.minSubtotalPaise) return 0;
  const discount = terms.kind === 'flat' ? terms.value : Math.floor((subtotalPaise * terms.value * 2 + 100) / 200);
  return Math.min(discount, subtotalPaise);
}

/**
 * Terms as an order answer sends them (₹ for a flat value and the minimum, a whole percent as it
 * is) in paise, with the order's coupon code; no code or no terms: none.
 */
export function couponTermsFromRupees(
  code: string | null | undefined,
  terms: { kind: CouponKind; value: number; minSubtotal: number } | null | undefined,
): CouponTerms | null {
  if (!code || !terms) return null;
  return {
    code,
    kind: terms.kind,
    value: terms.kind === 'flat' ? rupeesToPaise(terms.value) : terms.value,
    minSubtotalPaise: rupeesToPaise(terms.minSubtotal),
  };
}

/** Terms as an order answer and the coupon list send them: a flat value and the minimum in ₹, a percent as it is. */
export function couponTermsToRupees(terms: Omit<CouponTerms, 'code'>): {
  kind: CouponKind;
  value: number;
  minSubtotal: number;
} {
  return {
    kind: terms.kind,
    value: terms.kind === 'flat' ? paiseToRupees(terms.value) : terms.value,
    minSubtotal: paiseToRupees(terms.minSubtotalPaise),
  };
}
