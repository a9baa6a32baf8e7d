/**
 * The coupons' rules, pure (decision 0044): whether a code applies to a shopper's basket today,
 * and in which words it does not; a coupon's terms as an order keeps them; a coupon on the wire.
 */
import { formatRupees } from '@mandi/shared';
import { type CouponTerms, couponDiscountPaise, rupeesToPaise } from '@mandi/shared/kernel';
import type { Coupon, CouponBody } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import type { CouponRow, CouponWithUses } from './coupons.repository.js';

/** The adjustment a coupon writes on an order: its discount, negative, lowering the lines' taxable value. */
export const COUPON_DISCOUNT = { source: 'coupon', kind: 'discount' } as const;

export const couponLabel = (code: string) => `Coupon ${code}`;

export const termsOf = (coupon: CouponRow): CouponTerms => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.value,
  minSubtotalPaise: coupon.minSubtotalPaise,
});

/** What is known about the shopper and the coupon when a code is judged. */
export interface CouponContext {
  /** The shop date today, YYYY-MM-DD. */
  today: string;
  /** Orders (not cancelled) already placed with the coupon. */
  uses: number;
  /** The shopper already has an order (not cancelled) with this coupon. */
  usedByShopper: boolean;
  /** The shopper already has an order (not cancelled). */
  hasOrders: boolean;
  /** The lines' amounts added up, before any discount. */
  subtotalPaise: number;
}

export type Judgement = { ok: true; discountPaise: number } | { ok: false; message: CodedMessage };

const shopDateText = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
};

/**
 * Judges a coupon for a basket: known (else the caller says unknown), in its dates, not used up,
 * not used by this shopper before, a first order when it must be, and a basket reaching its minimum.
 */
export function judgeCoupon(coupon: CouponRow, context: CouponContext): Judgement {
  const { code } = coupon;
  const refuse = (message: CodedMessage): Judgement => ({ ok: false, message });
  // A coupon not yet valid answers as an unknown one: a scheduled offer is not told before its day
  // (decision 0055).
  if (context.today < coupon.validFrom) return refuse(serverMessage('couponUnknown', { code }));
  if (context.today > coupon.validTo) {
    return refuse(serverMessage('couponExpired', { code, date: shopDateText(coupon.validTo) }));
  }
  if (coupon.maxUses !== null && context.uses >= coupon.maxUses) return refuse(serverMessage('couponUsedUp', { code }));
  if (context.usedByShopper) return refuse(serverMessage('couponAlreadyUsed', { code }));
  if (coupon.firstOrderOnly && context.hasOrders) return refuse(serverMessage('couponFirstOrderOnly', { code }));
  if (context.subtotalPaise < coupon.minSubtotalPaise || context.subtotalPaise <= 0) {
    return refuse(
      serverMessage('couponBelowMinimum', {
        code,
        minimum: formatRupees(coupon.minSubtotalPaise / 100),
        more: formatRupees(Math.max(1, coupon.minSubtotalPaise - context.subtotalPaise) / 100),
      }),
    );
  }
  return { ok: true, discountPaise: couponDiscountPaise(termsOf(coupon), context.subtotalPaise) };
}

/** A code as typed, as it is stored: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

/** The parsed body (rupees) in stored units. */
export function parseBody(body: {
  code: string;
  kind: CouponBody['kind'];
  value: number;
  minSubtotal: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  firstOrderOnly: boolean;
}) {
  return {
    code: body.code,
    kind: body.kind,
    value: body.kind === 'flat' ? rupeesToPaise(body.value) : body.value,
    minSubtotalPaise: rupeesToPaise(body.minSubtotal),
    validFrom: body.validFrom,
    validTo: body.validTo,
    maxUses: body.maxUses,
    firstOrderOnly: body.firstOrderOnly,
  };
}

export function presentCoupon(coupon: CouponWithUses): Coupon {
  return {
    _id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.kind === 'flat' ? coupon.value / 100 : coupon.value,
    minSubtotal: coupon.minSubtotalPaise / 100,
    validFrom: coupon.validFrom,
    validTo: coupon.validTo,
    maxUses: coupon.maxUses,
    firstOrderOnly: coupon.firstOrderOnly,
    uses: coupon.uses,
    createdAt: coupon.createdAt.toISOString(),
  };
}
