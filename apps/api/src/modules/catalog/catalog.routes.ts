/** Catalogue HTTP routes: parse, call the service, answer in the API's shapes (docs/product.md#compatibility-names). Writes are admin-only. */
import { normaliseSearchText } from '@mandi/shared';
import { suggestQuerySchema, suggestResponseSchema } from '@mandi/shared/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { MAX_UPLOAD_BYTES, readUploadForm } from '../../lib/images.js';
import { JSON_CONTENT_TYPE } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { isUuid, pageNumberSchema, pageSizeSchema, parseId } from '../../lib/validation.js';
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
  if (!ids.every(isUuid)) throw new AppError('invalid', 'category must be one category id or a comma-separated list');
  return ids.map((id) => id.toLowerCase());
}

/** A JSON body may carry the image as a base64 data URL: 4/3 of the largest image plus the other fields. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

const idParams = z.object({ id: z.string() });

/**
 * Product writes answer every failure with a list of messages (clients iterate over it), including
 * failures raised before the handler runs (401, 403, 413 and the like).
 */
async function messagesAsList(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const data = JSON.parse(payload) as { message?: unknown };
    if (typeof data.message !== 'string') return payload;
    return JSON.stringify({ ...data, message: [data.message] });
  } catch {
    return payload;
  }
}

function uploadRoute(summary: string, listErrors = false): RouteShorthandOptions {
  return {
    config: { isUpload: true },
    bodyLimit: UPLOAD_BODY_LIMIT,
    // Checked on arrival, so a visitor's body is never read.
    onRequest: requireAdmin,
    ...(listErrors ? { onSend: messagesAsList } : {}),
    schema: { tags: ['catalogue admin'], summary, params: idParams.partial() },
  };
}

export type CatalogDeps = AppDeps & { catalogReads: catalog.CatalogStore['reads'] };

export async function catalogRoutes(app: FastifyInstance, deps: CatalogDeps): Promise<void> {
  const { db, cache } = deps;
  const store: catalog.CatalogStore = { work: deps.work, reads: deps.catalogReads };
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Reads answer from the response cache; every catalogue write drops it (after its commit, in the service). */
  const sendCatalogue = async (reply: FastifyReply, key: string, load: () => Promise<unknown>) =>
    reply.type(JSON_CONTENT_TYPE).send(await cache.json(key, ['catalogue'], load));

  api.get('/api/category/get', { schema: { tags: ['catalogue'], summary: 'All categories' } }, (_request, reply) =>
    sendCatalogue(reply, 'categories', async () => ({
      success: true,
      message: 'Categories',
      Categories: await catalog.listCategories(db),
    })),
  );

  api.get(
    '/api/product/recent/products',
    { schema: { tags: ['catalogue'], summary: 'The 10 newest products' } },
    (_request, reply) =>
      sendCatalogue(reply, 'recent-products', async () => ({
        success: true,
        products: await catalog.listRecentProducts(store.reads),
      })),
  );

  api.get(
    '/api/product/getAllProducts',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products by keyword, categories and price bounds',
        querystring: listQuerySchema,
      },
    },
    (request, reply) => {
      const query = request.query;
      if (query.gte !== undefined && query.lte !== undefined && query.gte > query.lte) {
        throw new AppError('invalid', 'gte must not be greater than lte');
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
      return sendCatalogue(reply, `products:${JSON.stringify(listQuery)}`, async () => ({
        success: true,
        ...(await catalog.listProducts(store.reads, listQuery)),
      }));
    },
  );

  api.get(
    '/api/product/suggest',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'At most 8 products best matching the text typed so far (name, aliases, typos)',
        querystring: suggestQuerySchema,
        response: { 200: suggestResponseSchema },
      },
    },
    (request, reply) => {
      // Folded first, so "Aloo" and "aloo " share one cache entry.
      const q = normaliseSearchText(request.query.q);
      return sendCatalogue(reply, `suggest:${q}`, async () => ({
        success: true,
        suggestions: await catalog.suggestProducts(store, q),
      }));
    },
  );

  api.get(
    '/api/product/getSingleProduct/:id',
    { schema: { tags: ['catalogue'], summary: 'One product', params: z.object({ id: z.string() }) } },
    (request, reply) => {
      const id = parseId(request.params.id, 'Product');
      return sendCatalogue(reply, `product:${id}`, async () => ({
        success: true,
        product: await catalog.getProduct(store.reads, id),
      }));
    },
  );

  api.post(
    '/api/category/add',
    uploadRoute('Add a category (multipart or JSON with a data URL)'),
    async (request, reply) => {
      const form = await readUploadForm(request, 'categoryImage');
      const newCategory = await catalog.addCategory(store, form);
      return reply.status(201).send({ success: true, message: 'Category Added', newCategory });
    },
  );

  api.put<{ Params: { id: string } }>(
    '/api/category/update/:id',
    uploadRoute('Rename a category, optionally with a new image'),
    async (request) => {
      const id = parseId(request.params.id, 'Category');
      const form = await readUploadForm(request, 'categoryImage');
      await catalog.updateCategory(store, id, form);
      return { success: true, message: 'Category Updated' };
    },
  );

  api.delete(
    '/api/category/delete/:id',
    {
      onRequest: requireAdmin,
      schema: { tags: ['catalogue admin'], summary: 'Delete a category without products', params: idParams },
    },
    async (request) => ({
      success: true,
      message: 'Category Deleted',
      DeletedCategory: await catalog.deleteCategory(store, parseId(request.params.id, 'Category')),
    }),
  );

  api.post(
    '/api/product/add',
    uploadRoute('Add a product (multipart or JSON with a data URL)', true),
    async (request, reply) => {
      const form = await readUploadForm(request, 'image');
      const newProduct = await catalog.addProduct(store, form);
      return reply.status(201).send({ success: true, message: 'Product Added', newProduct });
    },
  );

  api.put<{ Params: { id: string } }>(
    '/api/product/update/:id',
    uploadRoute('Update a product, optionally with a new image', true),
    async (request) => {
      const id = parseId(request.params.id, 'Product');
      const form = await readUploadForm(request, 'image');
      await catalog.updateProduct(store, id, form);
      return { success: true, message: 'Product Updated' };
    },
  );

  api.delete(
    '/api/product/delete/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['catalogue admin'],
        summary: 'Delete a product (past orders keep their copy)',
        params: idParams,
      },
    },
    async (request) => {
      await catalog.deleteProduct(store, parseId(request.params.id, 'Product'));
      return { success: true, message: 'Product Deleted' };
    },
  );
}
