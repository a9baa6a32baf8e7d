/**
 * The shop profile's cached reads and its one write (docs/decisions/0016-cache-declarations.md,
 * 0028-shop-profile.md). The profile is read by every bill, mail and page, so it is kept as one
 * cached answer; the page a visitor gets is kept per built file with the profile written in.
 * A save drops both here and, through the unit of work, on every other process.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const shop = () => [CACHE_TAGS.shop];

/** `GET /api/shop`: the profile as JSON; bills, mails and the pages read the same entry. */
const profile: CachedRead = {
  name: 'shop.profile',
  route: 'GET /api/shop',
  key: () => '',
  tags: shop,
};

/**
 * A visitor's page (any app route that has no head of its own): the built file, keyed by its
 * address in the build, with the profile in its `mandi-shop` slot; kept with its compressed forms.
 */
const page: CachedRead<string> = {
  name: 'shop.page',
  route: 'GET /*',
  key: (file) => file,
  tags: shop,
};

/** `/manifest.webmanifest`: the installed app carries the shop's name (issue 30). */
const manifest: CachedRead = {
  name: 'shop.manifest',
  route: 'GET /manifest.webmanifest',
  key: () => '',
  tags: shop,
};

const saved: CacheWrite = {
  name: 'shop.saved',
  routes: ['PUT /api/admin/shop'],
  tags: shop,
};

export const shopCache = {
  module: 'shop',
  reads: { profile, page, manifest },
  writes: { saved },
} as const satisfies ModuleCache;
