/**
 * The admin's khata list, a cached read (docs/decisions/0016-cache-declarations.md, 0039): every
 * page reads all accounts with their entries for the aging totals, so it is built once per change.
 * Limits and payments are khata writes (the khata tag); a bill, repack, cancellation or refund on a
 * khata is an order write (orders); names, emails and languages are the users'; the reminder names
 * the shop.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const khata = () => [CACHE_TAGS.khata];

/** Keyed by the query and the shop date: aging moves a bucket on at midnight with no write. */
const accounts: CachedRead<{ query: object; shopDate: string }> = {
  name: 'khata.accounts',
  route: 'GET /api/admin/khata',
  key: ({ query, shopDate }) => `${shopDate}|${JSON.stringify(query)}`,
  tags: () => [CACHE_TAGS.khata, CACHE_TAGS.orders, CACHE_TAGS.users, CACHE_TAGS.shop],
};

/** A khata opened, its limit or mobile changed, or closed. */
const limitSet: CacheWrite = { name: 'khata.limitSet', routes: ['PUT /api/admin/khata/:userId'], tags: khata };
/** A payment credited to a khata. */
const paymentRecorded: CacheWrite = {
  name: 'khata.paymentRecorded',
  routes: ['POST /api/admin/khata/:userId/payments'],
  tags: khata,
};

/** An advance paid back (decision 0055). */
const payoutRecorded: CacheWrite = {
  name: 'khata.payoutRecorded',
  routes: ['POST /api/admin/khata/:userId/payouts'],
  tags: khata,
};

export const khataCache = {
  module: 'khata',
  reads: { accounts },
  writes: { limitSet, paymentRecorded, payoutRecorded },
} as const satisfies ModuleCache;
