/**
 * The rate board's cached read and the writes that drop it (docs/decisions/0016-cache-declarations.md,
 * decision 0036). The public list of the day is built from products and categories and carries the
 * shop's name, so it has the catalogue and shop tags; a rate change is a catalogue write (product
 * pages, listings and the admin's table show the rate), whether it is published now or applied
 * later by whichever process claims it.
 */
import type { RateListLanguage } from '@mandi/shared/schemas';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

/** Keyed by the language and the shop date (the heading names the day). */
const today: CachedRead<{ language: RateListLanguage; date: string }> = {
  name: 'rates.today',
  route: 'GET /api/rates/today',
  key: ({ language, date }) => `${language}|${date}`,
  // The products in stock: any stock move may add or remove one.
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock, CACHE_TAGS.shop],
};

/**
 * The admin's board: every product with its rate, previous rate, cost and scheduled change. Every
 * write it shows is a catalogue write (rates published or applied, a schedule, a purchase's cost,
 * a product or category edited), so it is built once per change, not per request (10,000 products
 * at scale are 2 MB of JSON).
 */
const board: CachedRead = {
  name: 'rates.board',
  route: 'GET /api/admin/rates',
  key: () => '',
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock],
  maxBodyChars: 8 * 1024 * 1024,
};

/**
 * A page of the board, as the rate board screen asks (100 rows): dropped by the same writes as the
 * whole board. A search's pages are one-off prone (any text may come), so they are kept only when
 * asked again.
 */
const boardPage: CachedRead<{ page: number; limit: number; search: string }> = {
  name: 'rates.boardPage',
  route: 'GET /api/admin/rates',
  key: ({ page, limit, search }) => `${page}|${limit}|${search}`,
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock],
  oneOff: ({ search }) => search !== '',
};

/** Rates published now (a schedule changes no rate until it applies, but the board shows it). */
const published: CacheWrite = {
  name: 'rates.published',
  routes: ['PUT /api/admin/rates'],
  tags: () => [CACHE_TAGS.catalogue],
};

/** Scheduled changes applied when due: by a process's timer, or before a rate read answers. */
const applied: CacheWrite = {
  name: 'rates.applied',
  routes: [],
  tags: () => [CACHE_TAGS.catalogue],
};

export const ratesCache = {
  module: 'rates',
  reads: { today, board, boardPage },
  writes: { published, applied },
} as const satisfies ModuleCache;
