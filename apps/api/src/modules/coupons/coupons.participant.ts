/**
 * Coupons, an order participant (decision 0044). Placing: the batch's coupons are locked (in code
 * order, after the products) before their uses are counted, so `maxUses` holds whatever number of
 * orders arrive at once on any number of processes; each order with a code is judged in arrival
 * order against what the orders before it used, and its discount is written as the order's
 * coupon/discount adjustment (negative, lowering the lines' taxable value on the bill), with the
 * coupon's terms kept on the order. Packing judges the discount again on the packed subtotal by
 * those terms (a percent of it; below the minimum, none). Cancelling gives the use back. A
 * first-order coupon is judged under a lock of the shopper's first order, across processes.
 */
import { type CouponTerms, couponDiscountPaise, couponTermsToRupees, shopDateOf } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Adjustment } from '../orders/orders.adjustments.js';
import { extensionOf, type NewOrder, type OrderParticipant, type Placement } from '../orders/orders.lifecycle.js';
import * as repo from './coupons.repository.js';
import { COUPON_DISCOUNT, couponLabel, judgeCoupon, normalCode, termsOf } from './coupons.rules.js';

export interface CouponsParticipantOptions {
  /** The clock a coupon's dates are judged by (shop dates). */
  now: () => Date;
}

const discountAdjustment = (code: string, discountPaise: number): Adjustment => ({
  ...COUPON_DISCOUNT,
  label: couponLabel(code),
  amountPaise: -discountPaise,
  // A discount on the bill lowers the value of the goods, so their taxable value (decision 0044).
  taxTreatment: 'discount',
});

/** A batch without a code: no order of it keeps terms (`written` says so, so nobody reads them back). */
const NOTHING: Placement = { accept: () => undefined, write: async () => [], written: () => undefined };

/** The coupons' part of a checkout's body: the code typed, or null. */
type CouponRequest = { code: string | null };

const couponRequestFields = {
  couponCode: z
    .string({ error: 'couponCode must be text' })
    .trim()
    .max(40, 'couponCode must be at most 40 characters')
    .optional()
    .transform((code) => code || undefined)
    .meta({ description: 'A coupon code (any case): a discount on the lines, judged again at packing' }),
};

const codeOf = (order: { request: NewOrder['request'] }) =>
  extensionOf<CouponRequest>(order.request, 'coupons')?.code ?? null;

/** The coupon as the order answer shows it: the code placed with and the terms packing judges by (null: none). */
const presentCoupon = (terms: CouponTerms | undefined) => ({
  /** Kept when packing removed its discount (decision 0044). */
  couponCode: terms?.code ?? null,
  couponTerms: terms ? couponTermsToRupees(terms) : null,
});

export function createCouponsParticipant({ now }: CouponsParticipantOptions): OrderParticipant<CouponTerms> {
  return {
    name: 'coupons',
    requestFields: couponRequestFields,
    readRequest: (body): CouponRequest => ({ code: typeof body.couponCode === 'string' ? body.couponCode : null }),
    view: { read: repo.findTermsOfOrders, present: presentCoupon },

    async place(tx, batch): Promise<Placement> {
      const codes = [
        ...new Set(
          batch.requests.flatMap((request) => {
            const code = codeOf({ request });
            return code ? [normalCode(code)] : [];
          }),
        ),
      ].sort();
      if (!codes.length) return NOTHING;
      // Locked first: every order using these coupons on any process waits for this transaction,
      // so the uses counted below stay true until it commits.
      const locked = await repo.lockCouponsByCode(tx, codes);
      const byCode = new Map(locked.map((coupon) => [coupon.code, coupon]));
      const couponIds = locked.map((coupon) => coupon.id);
      const shoppers = [
        ...new Set(batch.requests.flatMap((request) => (request.customer ? [request.customer.userId] : []))),
      ];
      // A first-order coupon is judged under the shopper's first-order lock: two such orders
      // placed at once on two processes would both see no earlier order (decision 0055).
      const firstOrderCodes = new Set(locked.filter((coupon) => coupon.firstOrderOnly).map((coupon) => coupon.code));
      await repo.lockFirstOrders(tx, [
        ...new Set(
          batch.requests.flatMap((request) => {
            const code = codeOf({ request });
            return code && request.customer && firstOrderCodes.has(normalCode(code)) ? [request.customer.userId] : [];
          }),
        ),
      ]);
      const uses = await repo.countUses(tx, couponIds);
      const usedBy = await repo.usesByShoppers(tx, couponIds, shoppers);
      const withOrders = await repo.shoppersWithOrders(tx, shoppers);
      const today = shopDateOf(now());
      /** Orders of this batch accepted so far, per shopper: a later one is no first order. */
      const placedHere = new Map<string, number>();
      /** The coupon each accepted order uses and its terms, for `write`. */
      const couponOf = new Map<string, { couponId: string; terms: CouponTerms }>();

      return {
        accept(order: NewOrder) {
          // A coupon is a shopper's: an order for nobody (a walk-in) has none to use.
          const userId = order.request.customer?.userId ?? '';
          const countPlaced = () => {
            placedHere.set(userId, (placedHere.get(userId) ?? 0) + 1);
            return () => placedHere.set(userId, (placedHere.get(userId) ?? 1) - 1);
          };
          const typed = codeOf(order);
          if (!typed) return countPlaced();
          const code = normalCode(typed);
          const coupon = byCode.get(code);
          if (!coupon) throw new AppError('invalid', serverMessage('couponUnknown', { code }));
          const useKey = `${coupon.id}/${userId}`;
          const judgement = judgeCoupon(coupon, {
            today,
            uses: uses.get(coupon.id) ?? 0,
            usedByShopper: usedBy.has(useKey),
            hasOrders: withOrders.has(userId) || (placedHere.get(userId) ?? 0) > 0,
            subtotalPaise: order.subtotalPaise,
          });
          if (!judgement.ok) throw new AppError('invalid', judgement.message);
          const undoAdjustment = order.adjustments.set(discountAdjustment(coupon.code, judgement.discountPaise));
          uses.set(coupon.id, (uses.get(coupon.id) ?? 0) + 1);
          usedBy.add(useKey);
          couponOf.set(order.id, { couponId: coupon.id, terms: termsOf(coupon) });
          const undoPlaced = countPlaced();
          return () => {
            undoPlaced();
            couponOf.delete(order.id);
            usedBy.delete(useKey);
            uses.set(coupon.id, (uses.get(coupon.id) ?? 1) - 1);
            undoAdjustment();
          };
        },

        written: (order) => couponOf.get(order.id)?.terms,

        async write(writeTx, accepted) {
          await repo.insertUses(
            writeTx,
            accepted.flatMap((order) => {
              const use = couponOf.get(order.id);
              const userId = order.request.customer?.userId;
              return use && userId ? [{ orderId: order.id, userId, ...use }] : [];
            }),
          );
          return [];
        },
      };
    },

    // Packing judges the discount again on the packed subtotal, by the terms the order was placed with.
    adjust({ own, subtotalPaise, adjustments }) {
      if (!own) return;
      adjustments.set(discountAdjustment(own.code, couponDiscountPaise(own, subtotalPaise)));
    },

    async cancel(tx, { order }) {
      await repo.releaseUseOfOrder(tx, order.id);
      return [];
    },
  };
}
