/**
 * The catalogue's cached reads and the writes that drop them (docs/decisions/0016-cache-declarations.md).
 * Every read here is built from products and categories only, so each carries the catalogue tag,
 * which the catalogue's writes drop. An order's stock move (orders.cache.ts) drops only the stock
 * it moved: reads showing stock product by product carry each shown product's `stockOf` tag (the
 * listings name theirs from the answer), the admin's table the `stock` of all; categories and
 * suggestions show no stock and stay kept through checkouts.
 */
import { CACHE_TAGS, ordersOf, stockOf } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const catalogue = () => [CACHE_TAGS.catalogue];
/** While a listing loads, any stock move may be one of the products it will show. */
const anyStock = () => [CACHE_TAGS.stock];

const categories: CachedRead = {
  name: 'catalog.categories',
  route: 'GET /api/category/get',
  key: () => '',
  tags: catalogue,
};
/** Tagged by its load with the `stockOf` of the products it shows. */
const recentProducts: CachedRead = {
  name: 'catalog.recentProducts',
  route: 'GET /api/product/recent/products',
  key: () => '',
  tags: catalogue,
  tagsWhileLoading: anyStock,
};
/**
 * Keyed by the query as the route normalised it (categories sorted, the keyword trimmed); tagged by
 * its load with the `stockOf` of the products on its page (no listing filters or sorts by stock). A
 * search word or a price range is anybody's to choose: those answers are one-off prone (decision 0039).
 */
const products: CachedRead<{ keyword?: string; minRate?: number; maxRate?: number }> = {
  name: 'catalog.products',
  route: 'GET /api/product/getAllProducts',
  key: (query) => JSON.stringify(query),
  tags: catalogue,
  tagsWhileLoading: anyStock,
  oneOff: (query) => query.keyword !== undefined || query.minRate !== undefined || query.maxRate !== undefined,
};
/**
 * Which products a listing shows, in its order, presented, and how many match (the search, the
 * filters, the count, every column): a listing's costly part, which no stock move changes but
 * for the stock it shows, so it is kept until the catalogue changes while `products` above is
 * refilled from it, with the stock read again, after every stock move of a product it shows.
 * Served inside `products` (its route), keyed and judged one-off prone alike.
 */
const productMatches: CachedRead<{ keyword?: string; minRate?: number; maxRate?: number }> = {
  name: 'catalog.productMatches',
  route: 'GET /api/product/getAllProducts',
  key: products.key,
  tags: catalogue,
  oneOff: products.oneOff,
};
/** `q` as folded by the route, so "Aloo" and "aloo " share one entry; every prefix typed is one-off prone. */
const suggestions: CachedRead<string> = {
  name: 'catalog.suggestions',
  route: 'GET /api/product/suggest',
  key: (q) => q,
  tags: catalogue,
  oneOff: () => true,
};
/**
 * One product as presented, kept until the catalogue changes: `product` below is refilled from it
 * after a stock move of that product, with the stock read again, as a listing is from
 * `productMatches` (decision 0046). Served inside `product` (its route).
 */
const productFields: CachedRead<string> = {
  name: 'catalog.productFields',
  route: 'GET /api/product/getSingleProduct/:id',
  key: (id) => id,
  tags: catalogue,
};
const product: CachedRead<string> = {
  name: 'catalog.product',
  route: 'GET /api/product/getSingleProduct/:id',
  key: (id) => id,
  tags: (id) => [CACHE_TAGS.catalogue, stockOf(id)],
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
  // In stock or not, in its description and structured data.
  tags: (id) => [CACHE_TAGS.catalogue, CACHE_TAGS.shop, stockOf(id)],
};
/** The admin's product table (sortable by stock): any catalogue write or stock move drops every page of it. */
const adminProducts: CachedRead<{ search?: string }> = {
  name: 'catalog.adminProducts',
  route: 'GET /api/admin/products',
  key: (query) => JSON.stringify(query),
  tags: () => [CACHE_TAGS.catalogue, CACHE_TAGS.stock],
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
  reads: {
    categories,
    recentProducts,
    products,
    productMatches,
    suggestions,
    productFields,
    product,
    productPage,
    adminProducts,
  },
  writes: { catalogueEdited, productDeleted },
} as const satisfies ModuleCache;
