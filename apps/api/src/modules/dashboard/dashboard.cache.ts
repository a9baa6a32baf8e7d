/**
 * The dashboard's cached reads (docs/decisions/0016-cache-declarations.md). Today's figures, by
 * shop date (a new day starts a new entry): they sum the orders of today and the unpaid bills, so
 * every order moment and every payment drops them (they name `orders`, orders.cache.ts and
 * billing.cache.ts), editing the slot templates (`delivery`) changes today's slots, a complaint
 * made or answered (`complaints`) changes its counts, and any stock move or product edit
 * (`stock`, `catalogue`) the low-stock list. The top products of the last 30 days, which may lag
 * (decision 0047). And the seller figures (counts, billed per day), which the dashboard has shown
 * since the spec's first version.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/**
 * Complaints become overdue as time passes, with no write to drop the entry, so the key also names
 * the 5-minute window of the clock (`DASHBOARD_TODAY_WINDOW_MS`): an overdue count is at most that
 * late, while every complaint made or answered drops it at once (`complaints`).
 */
const DASHBOARD_TODAY_WINDOW_MS = 5 * 60_000;

const today: CachedRead<Date> = {
  name: 'dashboard.today',
  route: 'GET /api/admin/dashboard/today',
  key: (at) => `${shopDateOf(at)}@${Math.floor(at.getTime() / DASHBOARD_TODAY_WINDOW_MS)}`,
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.delivery, CACHE_TAGS.complaints, CACHE_TAGS.stock, CACHE_TAGS.catalogue],
};

/**
 * The top products of the last 30 shop dates, by shop date (a new day starts a new entry). A month
 * of order lines that every order changes: like the 30-day seller figures (`salesTrend` below), they
 * may lag the orders by a minute, refilled behind the answer at most every 30 seconds
 * (decisions 0047 and 0053). The names and units are the lines' own, so only orders change them.
 */
const topProducts: CachedRead<string> = {
  name: 'dashboard.topProducts',
  route: 'GET /api/admin/dashboard/top-products',
  key: (shopDate) => shopDate,
  tags: () => [CACHE_TAGS.orders],
  refreshWithinMs: 60_000,
  refillAfterMs: 30_000,
};

/**
 * The seller figures (`GET /api/user/admin/stats`), in two parts kept apart and the answer joined
 * from them. The exact figures: counts of orders, users and products, the delivered amount, orders
 * per status and low stock. One entry (the same at any hour).
 */
const shopStats: CachedRead = {
  name: 'dashboard.shopStats',
  route: 'GET /api/user/admin/stats',
  key: () => '',
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock, CACHE_TAGS.orders, CACHE_TAGS.users],
};
/**
 * The 30-day figures by shop date (a new day starts a new entry): billed per day and the top
 * products. They read a month of order lines, and every order changes them: they may lag the
 * orders by a minute, refilled behind the answer (decision 0047) at most every 30 seconds, however
 * often the dashboard is looked at (decision 0053). Served inside `shopStats`'s route.
 */
const salesTrend: CachedRead<string> = {
  name: 'dashboard.salesTrend',
  route: 'GET /api/user/admin/stats',
  key: (shopDate) => shopDate,
  tags: () => [CACHE_TAGS.orders],
  refreshWithinMs: 60_000,
  refillAfterMs: 30_000,
};
/**
 * The answer the dashboard gets, joined from the two parts above and kept with its compressed
 * forms: keyed by the shop date and a digest of both parts, so it is always the join of the parts
 * it is served with (a refill of either makes a new one), and dropped by whatever drops the exact
 * figures.
 */
const shopStatsAnswer: CachedRead<{ shopDate: string; digest: string }> = {
  name: 'dashboard.shopStatsAnswer',
  route: 'GET /api/user/admin/stats',
  key: ({ shopDate, digest }) => `${shopDate}|${digest}`,
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock, CACHE_TAGS.orders, CACHE_TAGS.users],
};

/**
 * The kept seller figures counted again from the orders as a process starts, when they disagree
 * with them (decision 0066): no route makes it. Its order participant's writes name no tag of
 * their own, as every order moment drops `orders`.
 */
const figuresCounted: CacheWrite = {
  name: 'dashboard.figuresCounted',
  routes: [],
  tags: () => [CACHE_TAGS.orders],
};

export const dashboardCache = {
  module: 'dashboard',
  reads: { today, topProducts, shopStats, salesTrend, shopStatsAnswer },
  writes: { figuresCounted },
} as const satisfies ModuleCache;
