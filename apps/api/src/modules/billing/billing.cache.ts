/**
 * Billing caches no read of its own; its writes change the orders' reads
 * (docs/decisions/0016-cache-declarations.md). A bill number is given inside an order moment,
 * which already drops the order's reads (orders.cache.ts).
 */
import { CACHE_TAGS, ordersOf } from '../../lib/cache-tags.js';
import type { CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** A payment recorded: the order shows it, in its shopper's list and the reads over all orders. */
const paymentRecorded: CacheWrite<[shopperId: string | null]> = {
  name: 'billing.paymentRecorded',
  routes: ['PUT /api/admin/orders/:id/payment'],
  tags: (shopperId) => [CACHE_TAGS.orders, ...(shopperId ? [ordersOf(shopperId)] : [])],
};

export const billingCache = {
  module: 'billing',
  reads: {},
  writes: { paymentRecorded },
} as const satisfies ModuleCache;
