/**
 * An order's totals, the one copy the screens use: the coupon's discount and the delivery fee both
 * judged on the subtotal (the lines, before the discount) by the kernel's own rules, as the server
 * judges them, then the total. A packed order's total is rounded to the rupee, half up (its bill's
 * "Round off" line); an estimate is not (the server writes no round-off before packing). So the
 * checkout shows the estimate the order is placed at, and the packing screen the final bill.
 *
 * 1000 paise of lines, a ₹30 fee free above ₹500, ₹5 off: 1000 - 500 + 3000 = 3500 (estimate).
 * 44450 paise of lines packed, no fee: 44450 + 50 round-off = 44500.
 */
import { type CouponTerms, couponDiscountPaise } from './coupon-terms.js';
import { type DeliveryTerms, deliveryFeePaise, FREE_DELIVERY } from './delivery-terms.js';
import { roundOffPaise } from './round-off.js';

/** Everything in integer paise; the discount positive (taken off), the round-off -49 … +50. */
export interface OrderTotals {
  subtotalPaise: number;
  discountPaise: number;
  feePaise: number;
  roundOffPaise: number;
  totalPaise: number;
}

export interface OrderTotalsTerms {
  /** The zone's fee terms (the order's kept ones once placed); none: free delivery. */
  delivery?: DeliveryTerms;
  /** The coupon's terms, judged on the subtotal (the order's kept ones when packing). */
  coupon?: CouponTerms | null;
  /**
   * A discount (positive paise) the server has already judged, when the screen has no coupon
   * terms (the checkout's coupon check answers with its discount); ignored when `coupon` is given.
   */
  discountPaise?: number;
  /** The final bill (packed): rounded to the rupee. An estimate is not. */
  isFinal?: boolean;
}

/** The totals of lines worth `subtotalPaise` under the order's terms. */
export function orderTotals(subtotalPaise: number, terms: OrderTotalsTerms = {}): OrderTotals {
  const feePaise = deliveryFeePaise(terms.delivery ?? FREE_DELIVERY, subtotalPaise);
  const discountPaise = terms.coupon ? couponDiscountPaise(terms.coupon, subtotalPaise) : (terms.discountPaise ?? 0);
  const beforeRoundOff = subtotalPaise - discountPaise + feePaise;
  const roundOff = terms.isFinal ? roundOffPaise(beforeRoundOff) : 0;
  return { subtotalPaise, discountPaise, feePaise, roundOffPaise: roundOff, totalPaise: beforeRoundOff + roundOff };
}
