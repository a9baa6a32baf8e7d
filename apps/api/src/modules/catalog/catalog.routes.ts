/** Catalogue HTTP routes: parse, call the service, answer in the API's shapes (docs/product.md#compatibility-names). Writes are admin-only. */
import { ADMIN_PRODUCTS_PAGE_SIZE, isTooShortToSuggest, normaliseSearchText } from '@mandi/shared';
import {
  adminProductAnswerSchema,
  adminProductsAnswerSchema,
  adminProductsQuerySchema,
  categoriesAnswerSchema,
  categoryFormSchema,
  deletedCategoryAnswerSchema,
  messageAnswerSchema,
  newCategoryAnswerSchema,
  newProductAnswerSchema,
  productAnswerSchema,
  productFormSchema,
  productsAnswerSchema,
  recentProductsAnswerSchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { stockOf } from '../../lib/cache-tags.js';
import { MAX_UPLOAD_BYTES, readUploadForm } from '../../lib/images.js';
import { type CachedRead, sendJsonText, type TagAnswer } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import {
  failureResponses,
  idParamsSchema,
  isUuid,
  pageNumberSchema,
  pageSizeSchema,
  parseId,
} from '../../lib/validation.js';
import { catalogCache } from './catalog.cache.js';
import * as catalog from './catalog.service.js';

const amountSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number of rupees (0 or more)')
  .transform(Number)
  .refine((value) => value <= 10_000_000, 'is too large');

const listQuerySchema = z.object({
  keyword: z.string().max(100, 'keyword must be at most 100 characters').optional(),
  category: z.string().max(4000).optional(),
  gte: amountSchema.optional(),
  lte: amountSchema.optional(),
  page: pageNumberSchema.default(1),
  limit: pageSizeSchema(catalog.MAX_PAGE_SIZE).default(catalog.DEFAULT_PAGE_SIZE),
});

function parseCategoryIds(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!ids.every(isUuid)) throw new AppError('invalid', serverMessage('categoryListInvalid'));
  return ids.map((id) => id.toLowerCase());
}

/** A JSON body may carry the image as a base64 data URL: 4/3 of the largest image plus the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

/**
 * Product writes answer every failure with a list of messages (clients iterate over it), including
 * failures raised before the handler runs (401, 403, 413 and the like).
 */
async function messagesAsList(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const data = JSON.parse(payload) as { message?: unknown; code?: unknown; values?: unknown };
    if (typeof data.message !== 'string') return payload;
    const { code, values, message } = data;
    return JSON.stringify({ ...data, message: [message], errors: [{ code, values, message }] });
  } catch {
    return payload;
  }
}

/**
 * The body of an upload route as documented: the form's fields, or anything else. The handler
 * reads multipart parts and JSON alike and reports every problem itself (catalog.validation.ts),
 * so the schema lets every body through unchanged, and the docs show the fields (the provider
 * leaves the empty `unknown` branch out).
 */
const uploadBody = <S extends z.ZodType>(form: S) => z.union([form, z.unknown()]);

function uploadRoute<S extends { params?: z.ZodType; body: z.ZodType; response: Record<number, z.ZodType> }>(
  summary: string,
  schema: S,
  listErrors = false,
) {
  return {
    config: { isUpload: true },
    bodyLimit: UPLOAD_BODY_LIMIT,
    // Checked on arrival, so a visitor's body is never read.
    onRequest: requireAdmin,
    ...(listErrors ? { onSend: messagesAsList } : {}),
    schema: {
      tags: ['catalogue admin'],
      summary,
      consumes: ['multipart/form-data', 'application/json'],
      ...schema,
      response: { ...schema.response, ...failureResponses },
    },
  };
}

/** The answer to a q too short to suggest from (SUGGEST_MIN_LENGTH): no query, nothing kept. */
const NO_SUGGESTIONS = JSON.stringify({ success: true, suggestions: [] });

export type CatalogDeps = AppDeps & { catalogReads: catalog.CatalogStore['reads'] };

export async function catalogRoutes(app: FastifyInstance, deps: CatalogDeps): Promise<void> {
  const { db, cache } = deps;
  const store: catalog.CatalogStore = { work: deps.work, reads: deps.catalogReads };
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Reads answer from the response cache, as declared in catalog.cache.ts with the writes that drop them. */
  const sendCatalogue = async <P>(
    reply: FastifyReply,
    read: CachedRead<P>,
    params: P,
    load: (tagAnswer: TagAnswer) => Promise<unknown>,
  ) => sendJsonText(reply, await cache.json(read, params, load));
  /** A list of products is kept until one of them moves stock (or the catalogue changes). */
  const tagProducts = (tagAnswer: TagAnswer, shown: readonly { _id: string }[]) =>
    tagAnswer(shown.map((product) => stockOf(product._id)));
  const reads = catalogCache.reads;

  /**
   * A search the cache does not hold costs a query, and a new text each time always misses: each
   * address gets `searchPerIp` of those a minute (docs/security.md). Called inside the cache's load,
   * so answers already kept are never counted; a limit on cost, counted in batches (no round trip
   * of its own).
   */
  const countSearch = (request: FastifyRequest) =>
    deps.rateLimiter.hitBatched({
      key: `search:ip:${request.ip}`,
      max: deps.config.rateLimits.searchPerIp,
      windowMs: 60_000,
      message: serverMessage('tooManySearches'),
    });

  api.get(
    '/api/category/get',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All categories',
        response: { 200: categoriesAnswerSchema, ...failureResponses },
      },
    },
    (_request, reply) =>
      sendCatalogue(reply, reads.categories, undefined, async () => ({
        success: true,
        message: 'Categories',
        Categories: await catalog.listCategories(db),
      })),
  );

  api.get(
    '/api/product/recent/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The 10 newest products',
        response: { 200: recentProductsAnswerSchema, ...failureResponses },
      },
    },
    (_request, reply) =>
      sendCatalogue(reply, reads.recentProducts, undefined, async (tagAnswer) => {
        const products = await catalog.listRecentProducts(store.reads);
        tagProducts(tagAnswer, products);
        return { success: true, products };
      }),
  );

  api.get(
    '/api/product/getAllProducts',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products by keyword, categories and price bounds',
        querystring: listQuerySchema,
        response: { 200: productsAnswerSchema, ...failureResponses },
      },
    },
    (request, reply) => {
      const query = request.query;
      if (query.gte !== undefined && query.lte !== undefined && query.gte > query.lte) {
        throw new AppError('invalid', serverMessage('priceRangeInverted'));
      }
      const listQuery: catalog.ListProductsQuery = {
        keyword: query.keyword?.trim() || undefined,
        // Sorted, so the same choice of categories in any order is one cache entry.
        categoryIds: parseCategoryIds(query.category)?.sort(),
        minRate: query.gte,
        maxRate: query.lte,
        page: query.page,
        limit: query.limit,
      };
      return sendCatalogue(reply, reads.products, listQuery, async (tagAnswer) => {
        // Which products, kept through stock moves; then those products as they are now.
        const matches = await cache.json(reads.productMatches, listQuery, async () => {
          if (listQuery.keyword) countSearch(request);
          return catalog.matchProducts(store.reads, listQuery);
        });
        const listing = await catalog.withCurrentStock(store.reads, JSON.parse(matches) as catalog.ProductMatches);
        tagProducts(tagAnswer, listing.products);
        return { success: true, ...listing };
      });
    },
  );

  api.get(
    '/api/product/suggest',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'At most 8 products best matching the text typed so far (name, aliases, typos); under 2 characters, none',
        querystring: suggestQuerySchema,
        response: { 200: suggestResponseSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      // Folded first, so "Aloo" and "aloo " share one cache entry.
      const q = normaliseSearchText(request.query.q);
      if (isTooShortToSuggest(q)) return sendJsonText(reply, NO_SUGGESTIONS);
      return sendCatalogue(reply, reads.suggestions, q, async () => {
        countSearch(request);
        return { success: true, suggestions: await catalog.suggestProducts(store, q) };
      });
    },
  );

  api.get(
    '/api/product/getSingleProduct/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productAnswerSchema, ...failureResponses },
      },
    },
    (request, reply) => {
      const id = parseId(request.params.id, 'Product');
      return sendCatalogue(reply, reads.product, id, async () => ({
        success: true,
        product: await catalog.productWithStockNow(store.reads, cache, id),
      }));
    },
  );

  api.get(
    '/api/admin/products',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue admin'],
        summary:
          'Every product (newest first), or one page with ?page=&limit=; q searches names, sort/order by a column; productsDocCount counts every match (admin)',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsAnswerSchema, ...failureResponses },
      },
    },
    (request, reply) => {
      const { page, limit, q, sort, order } = request.query;
      const isPaged = page !== undefined || limit !== undefined;
      const query: catalog.AdminProductsQuery = {
        search: q || undefined,
        sort,
        order,
        page: isPaged ? { page: page ?? 1, limit: limit ?? ADMIN_PRODUCTS_PAGE_SIZE } : undefined,
      };
      // Cached like the shop's listings: any catalogue write drops every admin page too.
      return sendCatalogue(reply, reads.adminProducts, query, async () => ({
        success: true,
        ...(await catalog.listAdminProducts(db, query)),
      }));
    },
  );

  api.get(
    '/api/admin/products/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue admin'],
        summary:
          'One product as the admin sees it, with costRate (₹ per unit the stock on hand cost; null before the first purchase) (admin)',
        params: idParamsSchema,
        response: { 200: adminProductAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      product: await catalog.getAdminProduct(db, parseId(request.params.id, 'Product')),
    }),
  );

  api.post(
    '/api/category/add',
    uploadRoute(
      'Add a category (multipart or JSON with a data URL); the picture may be left out once the shop is not the demo',
      {
        body: uploadBody(categoryFormSchema),
        response: { 201: newCategoryAnswerSchema },
      },
    ),
    async (request, reply) => {
      const form = await readUploadForm(request, 'categoryImage');
      const newCategory = await catalog.addCategory(store, await deps.shop.current(), form);
      return reply.status(201).send({ success: true as const, ...serverMessage('categoryAdded'), newCategory });
    },
  );

  api.put(
    '/api/category/update/:id',
    uploadRoute('Rename a category (and its Hindi name), optionally with a new image', {
      params: idParamsSchema,
      body: uploadBody(categoryFormSchema),
      response: { 200: messageAnswerSchema },
    }),
    async (request) => {
      const id = parseId(request.params.id, 'Category');
      const form = await readUploadForm(request, 'categoryImage');
      await catalog.updateCategory(store, id, form);
      return { success: true as const, ...serverMessage('categoryUpdated') };
    },
  );

  api.delete(
    '/api/category/delete/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue admin'],
        summary: 'Delete a category without products',
        params: idParamsSchema,
        response: { 200: deletedCategoryAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...serverMessage('categoryDeleted'),
      DeletedCategory: await catalog.deleteCategory(store, parseId(request.params.id, 'Category')),
    }),
  );

  api.post(
    '/api/product/add',
    uploadRoute(
      'Add a product (multipart or JSON with a data URL); a 400 lists every problem; the picture may be left out once the shop is not the demo',
      { body: uploadBody(productFormSchema), response: { 201: newProductAnswerSchema } },
      true,
    ),
    async (request, reply) => {
      const form = await readUploadForm(request, 'image');
      const newProduct = await catalog.addProduct(store, await deps.shop.current(), form);
      return reply.status(201).send({ success: true as const, ...serverMessage('productAdded'), newProduct });
    },
  );

  api.put(
    '/api/product/update/:id',
    uploadRoute(
      'Update a product, optionally with a new image; a 400 lists every problem',
      { params: idParamsSchema, body: uploadBody(productFormSchema), response: { 200: messageAnswerSchema } },
      true,
    ),
    async (request) => {
      const id = parseId(request.params.id, 'Product');
      const form = await readUploadForm(request, 'image');
      await catalog.updateProduct(store, id, form);
      return { success: true as const, ...serverMessage('productUpdated') };
    },
  );

  api.delete(
    '/api/product/delete/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue admin'],
        summary: 'Delete a product (past orders keep their copy)',
        params: idParamsSchema,
        response: { 200: messageAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      await catalog.deleteProduct(store, parseId(request.params.id, 'Product'));
      return { success: true as const, ...serverMessage('productDeleted') };
    },
  );
}
