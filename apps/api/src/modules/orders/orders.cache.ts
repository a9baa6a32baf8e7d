/**
 * The orders' cached reads and the writes of the order lifecycle that drop them
 * (docs/decisions/0016-cache-declarations.md). Every moment of an order (placing, packing, a
 * status change, a cancel) drops the reads over all orders and its shopper's list; placing,
 * packing and cancelling also move stock, which the catalogue's reads show.
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
/**
 * The dashboard's exact figures: counts of orders, users and products, the delivered amount,
 * orders per status and low stock. One entry (the same at any hour).
 */
const shopStats: CachedRead = {
  name: 'orders.shopStats',
  route: 'GET /api/user/admin/stats',
  key: () => '',
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock, CACHE_TAGS.orders, CACHE_TAGS.users],
};
/**
 * The dashboard's 30-day figures by shop date (a new day starts a new entry): billed per day and the
 * top products. They read a month of order lines, and every order changes them: they may lag the
 * orders by a minute, refilled behind the answer (decision 0047) at most every 30 seconds, however
 * often the dashboard is looked at (decision 0053). Served inside `shopStats`'s route.
 */
const salesTrend: CachedRead<string> = {
  name: 'orders.salesTrend',
  route: 'GET /api/user/admin/stats',
  key: (shopDate) => shopDate,
  tags: () => [CACHE_TAGS.orders],
  refreshWithinMs: 60_000,
  refillAfterMs: 30_000,
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

/**
 * The answer the dashboard gets, joined from the two parts above and kept with its compressed
 * forms: keyed by the shop date and a digest of both parts, so it is always the join of the parts
 * it is served with (a refill of either makes a new one), and dropped by whatever drops the exact
 * figures.
 */
const shopStatsAnswer: CachedRead<{ shopDate: string; digest: string }> = {
  name: 'orders.shopStatsAnswer',
  route: 'GET /api/user/admin/stats',
  key: ({ shopDate, digest }) => `${shopDate}|${digest}`,
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock, CACHE_TAGS.orders, CACHE_TAGS.users],
};

export const ordersCache = {
  module: 'orders',
  reads: { myOrders, shopStats, salesTrend, shopStatsAnswer },
  writes: { placed, changed, stockMoved },
} as const satisfies ModuleCache;
