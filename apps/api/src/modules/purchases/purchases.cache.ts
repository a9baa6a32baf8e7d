/**
 * The writes of buying at the mandi that drop cached reads (docs/decisions/0016-cache-declarations.md):
 * a purchase adds stock and a write-off takes it, which the catalogue's reads (and the dashboard's
 * low stock) show. Purchases, suppliers and wastage are read uncached (admin screens, a few rows).
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const stockMoved: CacheWrite = {
  name: 'purchases.stockMoved',
  routes: ['POST /api/admin/purchases', 'POST /api/admin/wastage'],
  tags: () => [CACHE_TAGS.catalogue],
};

export const purchasesCache = {
  module: 'purchases',
  reads: {},
  writes: { stockMoved },
} as const satisfies ModuleCache;
