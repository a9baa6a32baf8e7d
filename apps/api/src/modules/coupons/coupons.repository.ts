/**
 * The coupons' queries (decision 0044): the coupons, their uses (one row per order placed with a
 * code), and what placing reads of a shopper's orders (for "first order only"). Placing locks the
 * batch's coupon rows first, so the uses counted under the lock are the uses.
 */
import type { CouponTerms } from '@mandi/shared/kernel';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { coupons, couponUses, orders } from '../../db/schema.js';

type Runner = Db | Tx;

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponWithUses = CouponRow & { uses: number };

const usesOf = sql<number>`(select count(*)::int from ${couponUses} where ${couponUses.couponId} = ${coupons.id} and ${couponUses.releasedAt} is null)`;

export async function listCoupons(db: Runner): Promise<CouponWithUses[]> {
  return db
    .select({ ...tableColumns(), uses: usesOf })
    .from(coupons)
    .orderBy(asc(coupons.validTo), asc(coupons.code));
}

export async function findCoupon(db: Runner, id: string): Promise<CouponWithUses | null> {
  const [row] = await db
    .select({ ...tableColumns(), uses: usesOf })
    .from(coupons)
    .where(eq(coupons.id, id))
    .limit(1);
  return row ?? null;
}

export async function findCouponByCode(db: Runner, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row ?? null;
}

function tableColumns() {
  return {
    id: coupons.id,
    code: coupons.code,
    kind: coupons.kind,
    value: coupons.value,
    minSubtotalPaise: coupons.minSubtotalPaise,
    validFrom: coupons.validFrom,
    validTo: coupons.validTo,
    maxUses: coupons.maxUses,
    firstOrderOnly: coupons.firstOrderOnly,
    createdAt: coupons.createdAt,
  };
}

/** The new coupon, or null when its code is taken. */
export async function insertCoupon(db: Runner, values: NewCouponRow): Promise<CouponRow | null> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
  return row ?? null;
}

export async function isCodeTaken(db: Runner, code: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), ne(coupons.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function lockCoupon(tx: Tx, id: string): Promise<CouponRow | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateCoupon(tx: Tx, id: string, values: Omit<NewCouponRow, 'id'>): Promise<void> {
  await tx.update(coupons).set(values).where(eq(coupons.id, id));
}

export async function deleteCoupon(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return rows.length > 0;
}

/** The batch's coupons, locked in code order (every placing locks them after the products, in this order). */
export async function lockCouponsByCode(tx: Tx, codes: readonly string[]): Promise<CouponRow[]> {
  if (!codes.length) return [];
  return tx
    .select()
    .from(coupons)
    .where(inArray(coupons.code, [...codes]))
    .orderBy(asc(coupons.code))
    .for('update');
}

/** A use counts until its order's cancel gives it back. */
const counting = isNull(couponUses.releasedAt);

/** How many orders use each coupon. */
export async function countUses(db: Runner, couponIds: readonly string[]): Promise<Map<string, number>> {
  if (!couponIds.length) return new Map();
  const rows = await db
    .select({ couponId: couponUses.couponId, uses: count() })
    .from(couponUses)
    .where(and(inArray(couponUses.couponId, [...couponIds]), counting))
    .groupBy(couponUses.couponId);
  return new Map(rows.flatMap((row) => (row.couponId ? [[row.couponId, Number(row.uses)]] : [])));
}

/** `couponId/userId` of every use of these coupons by these shoppers. */
export async function usesByShoppers(
  db: Runner,
  couponIds: readonly string[],
  userIds: readonly string[],
): Promise<Set<string>> {
  if (!couponIds.length || !userIds.length) return new Set();
  const rows = await db
    .select({ couponId: couponUses.couponId, userId: couponUses.userId })
    .from(couponUses)
    .where(and(inArray(couponUses.couponId, [...couponIds]), inArray(couponUses.userId, [...userIds]), counting));
  return new Set(rows.map((row) => `${row.couponId}/${row.userId}`));
}

/** The shoppers among `userIds` with an order that is not cancelled. */
/** The advisory lock space of "a shopper's first order" (any constant; see `lockFirstOrders`). */
const FIRST_ORDER_LOCKS = 44_001;

/**
 * Takes each shopper's "first order" lock until the transaction ends (decision 0055), in one
 * order so two batches never wait on each other crosswise. Two orders of one shopper with
 * first-order coupons, on any processes, are then judged one after the other: the second sees the
 * first committed and is no first order. An advisory lock, because the shopper's row is the
 * accounts module's; a hash collision only makes two shoppers wait on each other.
 */
export async function lockFirstOrders(tx: Tx, userIds: readonly string[]): Promise<void> {
  for (const userId of [...userIds].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ORDER_LOCKS}, hashtext(${userId}))`);
  }
}

export async function shoppersWithOrders(db: Runner, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(and(inArray(orders.userId, [...userIds]), ne(orders.status, 'Cancelled')));
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}

export async function insertUses(
  tx: Tx,
  rows: readonly { orderId: string; couponId: string; userId: string; terms: CouponTerms }[],
): Promise<void> {
  if (!rows.length) return;
  await tx.insert(couponUses).values([...rows]);
}

/** A cancelled order gives its use back; the row stays, so the order keeps showing its coupon. */
export async function releaseUseOfOrder(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(couponUses)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponUses.orderId, orderId), counting));
}

/** The coupon terms each of the orders named was placed with, by order id (none without a coupon). */
export async function findTermsOfOrders(db: Runner, orderIds: readonly string[]): Promise<Map<string, CouponTerms>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: couponUses.orderId, terms: couponUses.terms })
    .from(couponUses)
    .where(inArray(couponUses.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.terms]));
}
