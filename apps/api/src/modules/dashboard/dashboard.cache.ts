/**
 * The dashboard's cached reads (docs/decisions/0016-cache-declarations.md). Today's figures, by
 * shop date (a new day starts a new entry): they sum the orders of today and the unpaid bills, so
 * every order moment and every payment drops them (they name `orders`, orders.cache.ts and
 * billing.cache.ts), editing the slot templates (`delivery`) changes today's slots, a complaint
 * made or answered (`complaints`) changes its counts, and any stock move or product edit
 * (`stock`, `catalogue`) the low-stock list. And the top products of the last 30 days, which may
 * lag (decision 0047).
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

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
 * of order lines that every order changes: like the orders' 30-day figures (orders.cache.ts), they
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

/** The dashboard writes nothing: it is a report over other modules' tables. */
export const dashboardCache = {
  module: 'dashboard',
  reads: { today, topProducts },
  writes: {},
} as const satisfies ModuleCache;
