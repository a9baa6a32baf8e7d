/**
 * A coupon's terms as an order keeps them (decision 0044): flat paise off, or a whole percent of
 * the lines, from a minimum subtotal. Pure, so the server judges a discount at placing and again
 * on the packed subtotal by the same rule.
 */

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
