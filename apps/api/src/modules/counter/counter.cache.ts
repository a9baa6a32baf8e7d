/**
 * The counter's writes as the cache sees them (docs/decisions/0016-cache-declarations.md): it has
 * no cached read of its own. A sale and a sale taken back are order moments (the lifecycle drops
 * the orders' and the stock's tags as it writes them); devices and barcode rules are read uncached.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** A sale made or taken back: an order, its stock, perhaps a khata entry. */
const saleWritten: CacheWrite = {
  name: 'counter.saleWritten',
  routes: ['POST /api/admin/counter/sales', 'POST /api/admin/counter/sales/:orderId/cancel'],
  tags: () => [CACHE_TAGS.orders, CACHE_TAGS.stock],
};

export const counterCache = {
  module: 'counter',
  reads: {},
  writes: { saleWritten },
} as const satisfies ModuleCache;
