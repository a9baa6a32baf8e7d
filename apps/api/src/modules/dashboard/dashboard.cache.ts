/**
 * The dashboard's one cached read (docs/decisions/0016-cache-declarations.md): today's figures,
 * by shop date (a new day starts a new entry). They sum the orders of today and the unpaid bills,
 * so every order moment and every payment drops them (they name `orders`, orders.cache.ts and
 * billing.cache.ts), and editing the slot templates (`delivery`) changes today's slots.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

const today: CachedRead<string> = {
  name: 'dashboard.today',
  route: 'GET /api/admin/dashboard/today',
  key: (shopDate) => shopDate,
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.delivery],
};

/** The dashboard writes nothing: it is a report over other modules' tables. */
export const dashboardCache = {
  module: 'dashboard',
  reads: { today },
  writes: {},
} as const satisfies ModuleCache;
