/**
 * The orders' cached reads and the writes of the order lifecycle that drop them
 * (docs/decisions/0016-cache-declarations.md). Every moment of an order (placing, packing, a
 * status change, a cancel) drops the reads over all orders and its shopper's list; placing,
 * packing and cancelling also move stock, which the catalogue's reads show (and the dashboard's
 * figures: dashboard.cache.ts).
 */
import { CACHE_TAGS, ordersOf, stockOf } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** A shopper's own orders: only their own moments (and a deleted product they bought) change it. */
const myOrders: CachedRead<string> = {
  name: 'orders.mine',
  route: 'GET /api/user/my/orders',
  key: (userId) => userId,
  tags: (userId) => [ordersOf(userId)],
};

const ORDER_MOMENT_ROUTES = [
  'PUT /api/user/update/order/:id',
  'PUT /api/admin/orders/:id/pack',
  'PUT /api/user/my/order/:id/cancel',
] as const;

/** A batch of orders placed (one transaction): their shoppers' lists and the reads over all orders. */
const placed: CacheWrite<[shopperIds: readonly string[]]> = {
  name: 'orders.placed',
  routes: ['POST /api/user/new/order'],
  tags: (shopperIds) => [CACHE_TAGS.orders, ...shopperIds.map(ordersOf)],
};
/** One order packed, moved on or cancelled; an order whose shopper was deleted has no list. */
const changed: CacheWrite<[shopperId: string | null]> = {
  name: 'orders.changed',
  routes: ORDER_MOMENT_ROUTES,
  tags: (shopperId) => [CACHE_TAGS.orders, ...(shopperId ? [ordersOf(shopperId)] : [])],
};
/**
 * Stock taken by placing or packing, given back by packing less or cancelling (the stock
 * participant): the stock of these products, not the whole catalogue.
 */
const stockMoved: CacheWrite<[productIds: readonly string[]]> = {
  name: 'orders.stockMoved',
  routes: ['POST /api/user/new/order', ...ORDER_MOMENT_ROUTES],
  tags: (productIds) => [CACHE_TAGS.stock, ...productIds.map(stockOf)],
};

export const ordersCache = {
  module: 'orders',
  reads: { myOrders },
  writes: { placed, changed, stockMoved },
} as const satisfies ModuleCache;
