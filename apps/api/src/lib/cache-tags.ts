/**
 * Every cache tag, spelled once. A tag names a set of data that cached reads are built from and
 * writes change; the modules' cache declarations (`modules/<m>/<m>.cache.ts`) say which reads use
 * which tags and which writes drop them. The tags live below the modules because one module's
 * write often changes another's reads (an order takes stock from the catalogue; deleting a product
 * unlinks order lines; deleting a user deletes their reviews), and modules must not import each
 * other for that (docs/decisions/0016-cache-declarations.md).
 */
import type { CacheTag } from './response-cache.js';

const cacheTag = (name: string) => name as CacheTag;

export const CACHE_TAGS = {
  /**
   * Products and categories: names, prices, pictures, and stock as the catalogue's own writes set
   * it. An order's stock move drops `stock` and its products' `stockOf` instead, so a checkout
   * leaves the listings of other products and every suggestion kept.
   */
  catalogue: cacheTag('catalogue'),
  /** Any product's stock level: reads over every product's stock (low stock, in-stock lists, the admin's table). */
  stock: cacheTag('stock'),
  /** Any order: its lines, status, totals, bill number and payment, and every count or sum over orders. */
  orders: cacheTag('orders'),
  /** The set of users (registrations, deletions, role changes). */
  users: cacheTag('users'),
  /** The public review list (reviews added, changed, deleted; authors deleted). */
  reviews: cacheTag('reviews'),
  /** Delivery zones, slot templates and slot bookings (the PIN code check, the slot listing). */
  delivery: cacheTag('delivery'),
  /** The shop's profile: its name, licences, contact, policies (GET /api/shop and every page's shop slot). */
  shop: cacheTag('shop'),
  /** Shoppers' complaints and their statuses (the dashboard's open and overdue counts). */
  complaints: cacheTag('complaints'),
  /** Khata accounts and their entries written by the khata's own writes (limits, payments); bills on a khata are order writes. */
  khata: cacheTag('khata'),
} as const;

/** One product's stock level, for reads that show it product by product (listings, product pages). */
export const stockOf = (productId: string): CacheTag => cacheTag(`stock-of:${productId.toLowerCase()}`);

/** One shopper's orders (their "my orders" list). */
export const ordersOf = (userId: string): CacheTag => cacheTag(`orders-of:${userId}`);

const SESSIONS_OF = 'sessions-of:';

/**
 * One user's sessions and what a session says of them (name, email, role, language): the sessions
 * kept in memory on the embedded database (platform/sessions.ts) are forgotten with it. Ended
 * sessions, role and language changes and deletions touch it; no cached read carries it.
 */
export const sessionsOf = (userId: string): CacheTag => cacheTag(`${SESSIONS_OF}${userId}`);

/** Whether `tag` is some user's `sessionsOf`. */
export const isSessionsTag = (tag: CacheTag): boolean => tag.startsWith(SESSIONS_OF);

/** Tags as another process sent them (cache-bus.ts): names this process spelled the same way. */
export const tagsFromWire = (names: readonly string[]): CacheTag[] => names.map(cacheTag);
