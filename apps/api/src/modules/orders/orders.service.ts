/**
 * Order rules: the server prices every line from the database, takes all the stock in one
 * transaction or none of it, makes a retried checkout return the first order, and moves a status
 * only one step forward.
 */
import { randomUUID } from 'node:crypto';
import { NEXT_ORDER_STATUS, type OrderStatus } from '@mandi/shared';
import type { ShippingInfo } from '@mandi/shared/schemas';
import { type Db, perDatabase, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { imageUrl } from '../../lib/images.js';
import type { SessionUser } from '../../lib/session.js';
import { failed, type Outcome, ok, TurnBatcher } from '../../lib/turn-batcher.js';
import { isUuid } from '../../lib/validation.js';
import { type OrderView, presentOrder, presentOrders } from './orders.presenter.js';
import * as repo from './orders.repository.js';

export const MAX_ORDER_LINES = 50;

export interface PlaceOrderInput {
  /** As sent: product id and quantity in kg (already known to be numbers). */
  lines: { id: string; quantity: number }[];
  shipping: ShippingInfo;
  idempotencyKey?: string;
}

export interface PlacedOrder {
  order: OrderView;
  /** False when the idempotency key names an order placed earlier, which is answered instead. */
  isNew: boolean;
}

/** A checkout whose lines passed the checks that need no database, waiting for its transaction. */
interface OrderRequest {
  user: SessionUser;
  lines: { productId: string; grams: number | null; quantity: number }[];
  shipping: ShippingInfo;
  idempotencyKey: string | null;
}

/** An order whose every line has its product, weight and stock: it will be written. */
interface AcceptedOrder {
  id: string;
  request: OrderRequest;
  lines: { product: repo.ProductForOrder; grams: number; position: number }[];
}

/** The insert met an earlier order with the same idempotency key: undo, answer with that one. */
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

export async function placeOrder(db: Db, user: SessionUser, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (input.idempotencyKey) {
    const earlier = await repo.findOrderByIdempotencyKey(db, user.id, input.idempotencyKey);
    if (earlier) return { order: await loadOrder(db, earlier), isNew: false };
  }
  if (input.lines.length === 0) throw new AppError('invalid', 'Your cart is empty');
  if (input.lines.length > MAX_ORDER_LINES) {
    throw new AppError('invalid', `An order can hold at most ${MAX_ORDER_LINES} items`);
  }

  // Each line on its own: a positive amount, a known product id.
  const lines: OrderRequest['lines'] = [];
  for (const line of input.lines) {
    if (!(line.quantity > 0)) throw new AppError('invalid', 'Each quantity must be more than 0 Kg');
    if (!isUuid(line.id)) throw new AppError('notFound', `Product ${line.id} not found`);
    lines.push({ productId: line.id.toLowerCase(), grams: toGrams(line.quantity), quantity: line.quantity });
  }
  return orderPlacerOf(db).call({
    user,
    lines,
    shipping: input.shipping,
    idempotencyKey: input.idempotencyKey ?? null,
  });
}

/*
 * Group commit: the checkouts that arrive in one turn of the event loop share one transaction
 * (decision 0005). Each is still decided on its own, in arrival order, against the stock the
 * orders before it left, so every shopper gets the answer they would get one transaction at a time;
 * the batch saves the round trips and the commit that dominate an order's cost.
 */
const MAX_ORDERS_PER_TRANSACTION = 64;
/** Two batches at once: one fills while the other commits. */
const MAX_ORDER_TRANSACTIONS = 2;

const orderPlacerOf = perDatabase(
  (db: Db) =>
    new TurnBatcher<OrderRequest, PlacedOrder>((requests) => placeBatch(db, requests), {
      maxBatch: MAX_ORDERS_PER_TRANSACTION,
      maxRunning: MAX_ORDER_TRANSACTIONS,
    }),
);

async function placeBatch(db: Db, requests: OrderRequest[]): Promise<Outcome<PlacedOrder>[]> {
  if (requests.length > 1) {
    let hasSentCommit = false;
    try {
      return await writeOrders(db, requests, () => {
        hasSentCommit = true;
      });
    } catch (error) {
      // A failed COMMIT may still have saved the orders: placing them again could make two.
      if (hasSentCommit) throw error;
      // Otherwise nothing was saved. Something touched the whole batch (an idempotency key met its
      // earlier order, an account was deleted meanwhile, the connection dropped): each order goes
      // again in its own transaction, which answers it exactly as if it had never been batched.
    }
  }
  return Promise.all(requests.map((request) => placeAlone(db, request)));
}

async function placeAlone(db: Db, request: OrderRequest): Promise<Outcome<PlacedOrder>> {
  try {
    const [outcome] = await writeOrders(db, [request]);
    return outcome ?? failed(new Error('order transaction gave no answer'));
  } catch (error) {
    if (error instanceof DuplicateOrder && request.idempotencyKey) {
      const earlier = await repo.findOrderByIdempotencyKey(db, request.user.id, request.idempotencyKey);
      if (earlier) return ok({ order: await loadOrder(db, earlier), isNew: false });
    }
    return failed(error);
  }
}

/**
 * One transaction for `requests`: lock and read their products (in id order), decide each order
 * in turn against the stock left, take the stock of all accepted orders in one guarded update,
 * insert them and their lines with RETURNING, commit. Six round trips, however many orders.
 * An order refused by a rule (unknown product, weight, stock) gets its error and takes nothing.
 */
async function writeOrders(
  db: Db,
  requests: OrderRequest[],
  onCommitting: () => void = () => {},
): Promise<Outcome<PlacedOrder>[]> {
  const productIds = [...new Set(requests.flatMap((request) => request.lines.map((line) => line.productId)))];
  return db.transaction(async (tx) => {
    const found = new Map((await repo.lockProductsForOrder(tx, productIds)).map((p) => [p.id, p]));
    // The rows are locked: the stock read is the stock we take from.
    const stockLeft = new Map([...found.values()].map((product) => [product.id, product.stockGrams]));
    const outcomes: Outcome<PlacedOrder>[] = [];
    const accepted: { index: number; order: AcceptedOrder }[] = [];
    requests.forEach((request, index) => {
      try {
        accepted.push({ index, order: acceptOrder(request, found, stockLeft) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = failed(error);
      }
    });

    if (accepted.length > 0) {
      const placed = await insertAccepted(
        tx,
        accepted.map(({ order }) => order),
      );
      for (const { index, order } of accepted) {
        const view = placed.get(order.id);
        outcomes[index] = view ? ok({ order: view, isNew: true }) : failed(new Error('order insert gave no row'));
      }
    }
    onCommitting();
    return outcomes;
  });
}

/**
 * Checks one order against the locked products and the stock the orders before it left, and
 * takes its stock from `stockLeft`; throws the AppError the shopper sees when it cannot be placed.
 */
function acceptOrder(
  request: OrderRequest,
  found: Map<string, repo.ProductForOrder>,
  stockLeft: Map<string, number>,
): AcceptedOrder {
  // Every line must name a product that exists and one of its weight options; duplicates add up.
  const merged = new Map<string, AcceptedOrder['lines'][number]>();
  for (const line of request.lines) {
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
  const short = lines
    .filter((line) => (stockLeft.get(line.product.id) ?? 0) < line.grams)
    .sort((a, b) => (a.product.id < b.product.id ? -1 : 1))[0];
  if (short) throw new AppError('conflict', `Not enough stock for ${short.product.name}`);
  for (const line of lines) stockLeft.set(line.product.id, (stockLeft.get(line.product.id) ?? 0) - line.grams);
  return { id: randomUUID(), request, lines };
}

/** Takes the stock of `accepted` and writes them; their presented orders by order id. */
async function insertAccepted(tx: Tx, accepted: AcceptedOrder[]): Promise<Map<string, OrderView>> {
  const wanted = new Map<string, number>();
  for (const order of accepted) {
    for (const line of order.lines) wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.grams);
  }
  const taken = await repo.takeStock(
    tx,
    [...wanted].map(([productId, grams]) => ({ productId, grams })),
  );
  // Cannot happen under the row locks; if it ever did, the whole transaction is undone.
  if (taken.length !== wanted.size) throw new AppError('conflict', 'Not enough stock for this order');

  const orderRows = await repo.insertOrders(
    tx,
    accepted.map(({ id, request, lines }) => ({
      id,
      userId: request.user.id,
      customerFirstName: request.user.firstName,
      customerLastName: request.user.lastName,
      totalPaise: lines.reduce((sum, line) => sum + Math.round((line.product.ratePaise * line.grams) / 1000), 0),
      address: request.shipping.address,
      city: request.shipping.city,
      mobileNumber: request.shipping.mobileNumber,
      pinCode: request.shipping.pinCode,
      idempotencyKey: request.idempotencyKey,
    })),
  );
  if (orderRows.length !== accepted.length) throw new DuplicateOrder();

  const items = await repo.insertOrderItems(
    tx,
    accepted.flatMap(({ id, lines }) =>
      lines.map((line) => ({
        orderId: id,
        productId: line.product.id,
        name: line.product.name,
        imageUrl: imageUrl(line.product.imageId),
        quantityGrams: line.grams,
        ratePaise: line.product.ratePaise,
        position: line.position,
      })),
    ),
  );
  const views = presentOrders(
    orderRows,
    items.sort((a, b) => a.position - b.position),
  );
  return new Map(views.map((view) => [view._id, view]));
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

/** Pages of the admin's order list; without one, every order (as the API contract has it). */
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 500;

/** Every order newest first, or one page of them; `total` counts every order either way. */
export async function listAllOrders(db: Db, page?: { page: number; limit: number }) {
  const [list, total] = await Promise.all([
    repo.findAllOrders(db, page && { limit: page.limit, offset: (page.page - 1) * page.limit }),
    page ? repo.countOrders(db) : null,
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
