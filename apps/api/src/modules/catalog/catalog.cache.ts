/**
 * The catalogue's cached reads and the writes that drop them (docs/decisions/0016-cache-declarations.md).
 * Every read here is built from products and categories only, so each carries the catalogue tag;
 * the catalogue's writes drop it, and so does every stock move of an order (orders.cache.ts).
 */
import { CACHE_TAGS, ordersOf } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const catalogue = () => [CACHE_TAGS.catalogue];

const categories: CachedRead = {
  name: 'catalog.categories',
  route: 'GET /api/category/get',
  key: () => '',
  tags: catalogue,
};
const recentProducts: CachedRead = {
  name: 'catalog.recentProducts',
  route: 'GET /api/product/recent/products',
  key: () => '',
  tags: catalogue,
};
/**
 * Keyed by the query as the route normalised it (categories sorted, the keyword trimmed). A search
 * word or a price range is anybody's to choose: those answers are one-off prone (decision 0039).
 */
const products: CachedRead<{ keyword?: string; minRate?: number; maxRate?: number }> = {
  name: 'catalog.products',
  route: 'GET /api/product/getAllProducts',
  key: (query) => JSON.stringify(query),
  tags: catalogue,
  oneOff: (query) => query.keyword !== undefined || query.minRate !== undefined || query.maxRate !== undefined,
};
/** `q` as folded by the route, so "Aloo" and "aloo " share one entry; every prefix typed is one-off prone. */
const suggestions: CachedRead<string> = {
  name: 'catalog.suggestions',
  route: 'GET /api/product/suggest',
  key: (q) => q,
  tags: catalogue,
  oneOff: () => true,
};
const product: CachedRead<string> = {
  name: 'catalog.product',
  route: 'GET /api/product/getSingleProduct/:id',
  key: (id) => id,
  tags: catalogue,
};
/**
 * A product's page as the server writes it (`/product/:id`: the app's page with the product's
 * title, description, Open Graph tags and JSON-LD; lib/web-app.ts), kept with its compressed forms.
 * It carries the shop's profile too (decision 0028), so saving the profile drops it.
 */
const productPage: CachedRead<string> = {
  name: 'catalog.productPage',
  route: 'GET /product/:id',
  key: (id) => id.toLowerCase(),
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.shop],
};
/** The admin's product table: any catalogue write drops every page of it too. */
const adminProducts: CachedRead<{ search?: string }> = {
  name: 'catalog.adminProducts',
  route: 'GET /api/admin/products',
  key: (query) => JSON.stringify(query),
  tags: catalogue,
  oneOff: (query) => query.search !== undefined,
};

/** Categories and products added or changed, a category deleted. */
const catalogueEdited: CacheWrite = {
  name: 'catalog.edited',
  routes: [
    'POST /api/category/add',
    'PUT /api/category/update/:id',
    'DELETE /api/category/delete/:id',
    'POST /api/product/add',
    'PUT /api/product/update/:id',
  ],
  tags: catalogue,
};
/**
 * A product deleted: order lines keep their own copy of name, rate and picture but lose the
 * product id, so every order read showing one of them changes too (the buyers' lists, and the
 * reads over all orders: the dashboard's top products, the pick list).
 */
const productDeleted: CacheWrite<[buyerIds: readonly string[]]> = {
  name: 'catalog.productDeleted',
  routes: ['DELETE /api/product/delete/:id'],
  tags: (buyerIds) => [CACHE_TAGS.catalogue, CACHE_TAGS.orders, ...buyerIds.map(ordersOf)],
};

export const catalogCache = {
  module: 'catalog',
  reads: { categories, recentProducts, products, suggestions, product, productPage, adminProducts },
  writes: { catalogueEdited, productDeleted },
} as const satisfies ModuleCache;
