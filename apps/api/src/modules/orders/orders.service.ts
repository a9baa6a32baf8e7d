/**
 * Orders: placing (priced by the server, all the stock or none, a retried checkout answered with
 * the first order), reading, and moving a status one step forward. The rules live in
 * orders.rules.ts, the group commit in orders.placement.ts, and every write runs its participants
 * through the lifecycle seam (orders.lifecycle.ts).
 */
import type { OrderStatus } from '@mandi/shared';
import type { ShippingInfo } from '@mandi/shared/schemas';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { ordersOf } from '../../lib/response-cache.js';
import type { SessionUser } from '../../lib/session.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { type OrderParticipant, runMoment } from './orders.lifecycle.js';
import { loadOrder, type OrderPlacer, type PlacedOrder } from './orders.placement.js';
import { presentOrders } from './orders.presenter.js';
import * as repo from './orders.repository.js';
import { checkCart, illegalMove, statusBefore } from './orders.rules.js';

export { MAX_ORDER_LINES } from './orders.rules.js';

/** The orders module's writers, made once per database by buildApp. */
export interface OrderLifecycle {
  work: UnitOfWork;
  participants: readonly OrderParticipant[];
  placer: OrderPlacer;
}

export interface PlaceOrderInput {
  /** As sent: product id and quantity in kg (already known to be numbers). */
  lines: { id: string; quantity: number }[];
  shipping: ShippingInfo;
  idempotencyKey?: string;
  /** A delivery slot `_id` from the slot listing; without it the earliest available slot is given. */
  slotId?: string;
}

export async function placeOrder(
  lifecycle: OrderLifecycle,
  user: SessionUser,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const { db } = lifecycle.work;
  if (input.idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, user.id, input.idempotencyKey);
    if (earlier) return { order: await loadOrder(db, earlier), isNew: false };
  }
  const lines = checkCart(input.lines);
  return lifecycle.placer.place({
    user,
    lines,
    shipping: input.shipping,
    idempotencyKey: input.idempotencyKey ?? null,
    slotId: input.slotId ?? null,
  });
}

export async function listOwnOrders(db: Db, userId: string) {
  const list = await repo.findOrdersByUser(db, userId);
  return presentOrders(
    list,
    await repo.findOrderItems(
      db,
      list.map((order) => order.id),
    ),
  );
}

/** Pages of the admin's order list; without one, every order (older clients read the whole list: docs/product.md#who-sees-an-order). */
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 500;

/**
 * Every order newest first (or those delivered on a date, in a slot), or one page of them; `total`
 * counts every order of the filter either way.
 */
export async function listAllOrders(db: Db, page?: { page: number; limit: number }, filter?: repo.DeliveryFilter) {
  const [list, total] = await Promise.all([
    repo.findAllOrders(db, page && { limit: page.limit, offset: (page.page - 1) * page.limit }, filter),
    page ? repo.countOrders(db, filter) : null,
  ]);
  const items = await repo.findOrderItems(
    db,
    list.map((order) => order.id),
  );
  return { orders: presentOrders(list, items), total: total ?? list.length };
}

/** The owner or an admin sees an order; for anyone else it does not exist. */
export async function getOrder(db: Db, user: SessionUser, id: string) {
  const order = await repo.findOrderById(db, id);
  if (!order || (order.userId !== user.id && user.role !== 'Admin')) throw notFound('Order');
  return loadOrder(db, order);
}

/** Moves an order one step forward and lets every participant act on it, in one transaction. */
export async function changeOrderStatus({ work, participants }: OrderLifecycle, id: string, next: OrderStatus) {
  return work.transaction(async (tx, touch) => {
    const from = statusBefore(next);
    // Guarded by the expected status, so two admins racing cannot skip or repeat a step.
    const updated = from ? await repo.updateOrderStatus(tx, id, from, next) : null;
    if (!updated || !from) {
      const current = await repo.findOrderById(tx, id);
      if (!current) throw notFound('Order');
      throw illegalMove(current.status, next);
    }
    touch('orders', ...(updated.userId ? [ordersOf(updated.userId)] : []));
    touch(...(await runMoment(participants, 'statusChange', tx, { order: updated, from, to: next })));
    return loadOrder(tx, updated);
  });
}

export async function getShopStats(db: Db) {
  const counts = await repo.countShop(db);
  return {
    productsCount: counts.productsCount,
    usersCount: counts.usersCount,
    ordersCount: counts.ordersCount,
    deliveredAmount: counts.deliveredPaise / 100,
    outOfStockCount: counts.outOfStockCount,
    inStockCount: counts.inStockCount,
  };
}
