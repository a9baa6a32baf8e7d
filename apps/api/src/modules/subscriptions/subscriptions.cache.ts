/**
 * Standing orders' writes as the cache sees them (docs/decisions/0016-cache-declarations.md): no
 * cached read of their own. A run makes orders (the lifecycle drops the orders', the stock's and
 * the slots' tags as it writes them); a closed date changes the slot listings.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** A date's standing orders made: orders, their stock, their slots. */
const ordersMade: CacheWrite = {
  name: 'subscriptions.ordersMade',
  routes: ['POST /api/admin/subscriptions/run'],
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.stock, CACHE_TAGS.delivery],
};

/** A date closed or opened again: the slot listings offer it or not. */
const closedDatesEdited: CacheWrite = {
  name: 'subscriptions.closedDatesEdited',
  routes: ['POST /api/admin/closed-dates', 'DELETE /api/admin/closed-dates/:date'],
  tags: () => [CACHE_TAGS.delivery],
};

export const subscriptionsCache = {
  module: 'subscriptions',
  reads: {},
  writes: { ordersMade, closedDatesEdited },
} as const satisfies ModuleCache;
