/**
 * Coupons (decision 0044): the admin's coupons with their uses, and the shopper's check of a code
 * against a basket before placing. Placing itself is the participant's (coupons.participant.ts).
 */
import { formatRupees } from '@mandi/shared';
import { rupeesToPaise, shopDateOf } from '@mandi/shared/kernel';
import type { Coupon, CouponCheckAnswer } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import * as repo from './coupons.repository.js';
import { judgeCoupon, normalCode, parseBody, presentCoupon } from './coupons.rules.js';

export interface CouponsDeps {
  db: Db;
  work: UnitOfWork;
  now: () => Date;
}

export type CouponInput = Parameters<typeof parseBody>[0];

export async function listCoupons(db: Db): Promise<Coupon[]> {
  return (await repo.listCoupons(db)).map(presentCoupon);
}

async function present(db: Db, id: string): Promise<Coupon> {
  const coupon = await repo.findCoupon(db, id);
  if (!coupon) throw notFound('Coupon');
  return presentCoupon(coupon);
}

export async function createCoupon(deps: CouponsDeps, body: CouponInput): Promise<Coupon> {
  const values = parseBody(body);
  const row = await deps.work.transaction(async (tx) => repo.insertCoupon(tx, values));
  if (!row) throw new AppError('conflict', serverMessage('couponCodeTaken', { code: values.code }));
  return presentCoupon({ ...row, uses: 0 });
}

/**
 * Changes a coupon. Orders already placed keep the terms they were placed with; the uses stay.
 * Locked, so a change and a placing using the coupon run one after the other.
 */
export async function updateCoupon(deps: CouponsDeps, id: string, body: CouponInput): Promise<Coupon> {
  const values = parseBody(body);
  await deps.work.transaction(async (tx) => {
    if (!(await repo.lockCoupon(tx, id))) throw notFound('Coupon');
    if (await repo.isCodeTaken(tx, values.code, id)) {
      throw new AppError('conflict', serverMessage('couponCodeTaken', { code: values.code }));
    }
    await repo.updateCoupon(tx, id, values);
  });
  return present(deps.db, id);
}

/** Deletes a coupon and its uses; orders placed with it keep its code, terms and discount. */
export async function deleteCoupon(deps: CouponsDeps, id: string): Promise<void> {
  const deleted = await deps.work.transaction(async (tx) => repo.deleteCoupon(tx, id));
  if (!deleted) throw notFound('Coupon');
}

/** Would `code` apply to this shopper's basket of `subtotal` ₹ now? The same rules placing applies, unlocked. */
export async function checkCoupon(
  deps: CouponsDeps,
  userId: string,
  codeAsTyped: string,
  subtotal: number,
): Promise<Omit<CouponCheckAnswer, 'success'>> {
  const code = normalCode(codeAsTyped);
  const coupon = await repo.findCouponByCode(deps.db, code);
  const refused = (message: { code: string; values: Record<string, string | number>; message: string }) => ({
    valid: false,
    discount: 0,
    message: message.message,
    code: message.code,
    values: { ...message.values },
  });
  if (!coupon) return refused(serverMessage('couponUnknown', { code }));
  const [uses, usedBy, withOrders] = await Promise.all([
    repo.countUses(deps.db, [coupon.id]),
    repo.usesByShoppers(deps.db, [coupon.id], [userId]),
    repo.shoppersWithOrders(deps.db, [userId]),
  ]);
  const judgement = judgeCoupon(coupon, {
    today: shopDateOf(deps.now()),
    uses: uses.get(coupon.id) ?? 0,
    usedByShopper: usedBy.size > 0,
    hasOrders: withOrders.size > 0,
    subtotalPaise: rupeesToPaise(subtotal),
  });
  if (!judgement.ok) return refused(judgement.message);
  const applies = serverMessage('couponApplies', {
    code: coupon.code,
    discount: formatRupees(judgement.discountPaise / 100),
  });
  return {
    valid: true,
    discount: judgement.discountPaise / 100,
    message: applies.message,
    code: applies.code,
    values: { ...applies.values },
  };
}
