/**
 * The dashboard's one cached read (docs/decisions/0016-cache-declarations.md): today's figures,
 * by shop date (a new day starts a new entry). They sum the orders of today and the unpaid bills,
 * so every order moment and every payment drops them (they name `orders`, orders.cache.ts and
 * billing.cache.ts), editing the slot templates (`delivery`) changes today's slots, and a complaint
 * made or answered (`complaints`) changes its counts.
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
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.delivery, CACHE_TAGS.complaints],
};

/** The dashboard writes nothing: it is a report over other modules' tables. */
export const dashboardCache = {
  module: 'dashboard',
  reads: { today },
  writes: {},
} as const satisfies ModuleCache;
