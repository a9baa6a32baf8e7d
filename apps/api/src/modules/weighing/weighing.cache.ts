/**
 * The pick list, weighing's one cached read (docs/decisions/0016-cache-declarations.md). It sums
 * the Processing orders' lines of a shop date, so every order moment drops it (orders.cache.ts),
 * and so does deleting a product (its lines are then grouped by name).
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, ModuleCache } from '../../lib/response-cache.js';

const picklist: CachedRead<string> = {
  name: 'weighing.picklist',
  route: 'GET /api/admin/picklist',
  key: (shopDate) => shopDate,
  tags: () => [CACHE_TAGS.orders],
};

/** Weighing writes nothing of its own: packing and cancelling are order moments (orders.cache.ts). */
export const weighingCache = {
  module: 'weighing',
  reads: { picklist },
  writes: {},
} as const satisfies ModuleCache;
