/**
 * Order rules: the server prices every line from the database, takes all the stock in one
 * transaction or none of it, makes a retried checkout return the first order, and moves a status
 * only one step forward.
 */
import { NEXT_ORDER_STATUS, type OrderStatus } from '@mandi/shared';
import type { ShippingInfo } from '@mandi/shared/schemas';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { imageUrl } from '../../lib/images.js';
import type { SessionUser } from '../../lib/session.js';
import { isUuid } from '../../lib/validation.js';
import { presentOrder, presentOrders } from './orders.presenter.js';
import * as repo from './orders.repository.js';

export const MAX_ORDER_LINES = 50;

export interface PlaceOrderInput {
  /** As sent: product id and quantity in kg (already known to be numbers). */
  lines: { id: string; quantity: number }[];
  shipping: ShippingInfo;
  idempotencyKey?: string;
}

/** Thrown inside the transaction when the same key won a race: undo our stock take, answer with theirs. */
class DuplicateOrder extends Error {}

const formatKgList = (grams: number[]) =>
  [...grams]
    .sort((a, b) => a - b)
    .map((g) => String(g / 1000))
    .join(', ');

/** Kilograms to whole grams, or null when the amount is not a whole number of grams (or absurd). */
function toGrams(kg: number): number | null {
  if (!Number.isFinite(kg) || kg > 1_000_000) return null;
  const grams = Math.round(kg * 1000);
  return Math.abs(kg * 1000 - grams) < 1e-6 ? grams : null;
}

export async function placeOrder(
  db: Db,
  user: SessionUser,
  input: PlaceOrderInput,
): Promise<{ order: ReturnType<typeof presentOrder>; isNew: boolean }> {
  if (input.idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, user.id, input.idempotencyKey);
    if (earlier) return { order: await loadOrder(db, earlier), isNew: false };
  }
  if (input.lines.length === 0) throw new AppError('invalid', 'Your cart is empty');
  if (input.lines.length > MAX_ORDER_LINES) {
    throw new AppError('invalid', `An order can hold at most ${MAX_ORDER_LINES} items`);
  }

  // Each line on its own: a positive amount, a known product id.
  const requested: { productId: string; grams: number | null; quantity: number }[] = [];
  for (const line of input.lines) {
    if (!(line.quantity > 0)) throw new AppError('invalid', 'Each quantity must be more than 0 Kg');
    if (!isUuid(line.id)) throw new AppError('notFound', `Product ${line.id} not found`);
    requested.push({ productId: line.id.toLowerCase(), grams: toGrams(line.quantity), quantity: line.quantity });
  }

  const productIds = [...new Set(requested.map((line) => line.productId))];

  try {
    // BEGIN, lock and read, take stock, insert the order, insert its lines, COMMIT: six round trips.
    const { order, items } = await db.transaction(async (tx) => {
      const found = new Map((await repo.lockProductsForOrder(tx, productIds)).map((p) => [p.id, p]));

      // Every line must name a product that exists and one of its weight options; duplicates add up.
      const merged = new Map<string, { product: repo.ProductForOrder; grams: number; position: number }>();
      for (const line of requested) {
        const product = found.get(line.productId);
        if (!product) throw new AppError('notFound', `Product ${line.productId} not found: it is no longer sold`);
        if (line.grams === null || !product.weightOptionsGrams.includes(line.grams)) {
          throw new AppError(
            'invalid',
            `${product.name} is sold in ${formatKgList(product.weightOptionsGrams)} Kg only, not ${line.quantity} Kg`,
          );
        }
        const existing = merged.get(product.id);
        if (existing) existing.grams += line.grams;
        else merged.set(product.id, { product, grams: line.grams, position: merged.size });
      }
      const lines = [...merged.values()];
      // The rows are locked: the stock read is the stock we take from.
      const short = lines
        .filter((line) => line.product.stockGrams < line.grams)
        .sort((a, b) => (a.product.id < b.product.id ? -1 : 1))[0];
      if (short) throw new AppError('conflict', `Not enough stock for ${short.product.name}`);
      const taken = await repo.takeStock(
        tx,
        lines.map((line) => ({ productId: line.product.id, grams: line.grams })),
      );
      if (taken.length !== lines.length) throw new AppError('conflict', 'Not enough stock for this order');

      const totalPaise = lines.reduce((sum, line) => sum + Math.round((line.product.ratePaise * line.grams) / 1000), 0);
      const order = await repo.insertOrder(tx, {
        userId: user.id,
        customerFirstName: user.firstName,
        customerLastName: user.lastName,
        totalPaise,
        address: input.shipping.address,
        city: input.shipping.city,
        mobileNumber: input.shipping.mobileNumber,
        pinCode: input.shipping.pinCode,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      if (!order) throw new DuplicateOrder();
      const items = await repo.insertOrderItems(
        tx,
        lines.map((line) => ({
          orderId: order.id,
          productId: line.product.id,
          name: line.product.name,
          imageUrl: imageUrl(line.product.imageId),
          quantityGrams: line.grams,
          ratePaise: line.product.ratePaise,
          position: line.position,
        })),
      );
      return { order, items: items.sort((a, b) => a.position - b.position) };
    });
    return { order: presentOrder(order, items), isNew: true };
  } catch (error) {
    if (error instanceof DuplicateOrder && input.idempotencyKey) {
      const earlier = await repo.findOrderByIdempotencyKey(db, user.id, input.idempotencyKey);
      if (earlier) return { order: await loadOrder(db, earlier), isNew: false };
    }
    throw error;
  }
}

async function loadOrder(db: Db, order: repo.OrderRow) {
  return presentOrder(order, await repo.findOrderItems(db, [order.id]));
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

export async function listAllOrders(db: Db) {
  const list = await repo.findAllOrders(db);
  return presentOrders(
    list,
    await repo.findOrderItems(
      db,
      list.map((order) => order.id),
    ),
  );
}

/** The owner or an admin sees an order; for anyone else it does not exist. */
export async function getOrder(db: Db, user: SessionUser, id: string) {
  const order = await repo.findOrderById(db, id);
  if (!order || (order.userId !== user.id && user.role !== 'Admin')) throw notFound('Order');
  return loadOrder(db, order);
}

export async function changeOrderStatus(db: Db, id: string, next: OrderStatus) {
  const order = await repo.findOrderById(db, id);
  if (!order) throw notFound('Order');
  const from = (Object.keys(NEXT_ORDER_STATUS) as OrderStatus[]).find((status) => NEXT_ORDER_STATUS[status] === next);
  if (!from || order.status !== from) {
    throw new AppError('conflict', illegalMove(order.status, next));
  }
  const updated = await repo.updateOrderStatus(db, id, from, next);
  if (!updated) {
    // Someone else moved it between our read and our write.
    const current = await repo.findOrderById(db, id);
    if (!current) throw notFound('Order');
    throw new AppError('conflict', illegalMove(current.status, next));
  }
  return loadOrder(db, updated);
}

function illegalMove(current: OrderStatus, next: OrderStatus): string {
  const allowed = NEXT_ORDER_STATUS[current];
  return allowed
    ? `This order is ${current}: it can only move to ${allowed}, not ${next}`
    : `This order is already ${current}: its status cannot change`;
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
