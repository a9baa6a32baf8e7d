/** Catalogue HTTP routes: parse, call the service, answer in the contract's shapes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { isUuid, parseId } from '../../lib/validation.js';
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
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(catalog.MAX_PAGE_SIZE, `limit must be at most ${catalog.MAX_PAGE_SIZE}`)
    .default(catalog.DEFAULT_PAGE_SIZE),
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

export async function catalogRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/category/get', { schema: { tags: ['catalogue'], summary: 'All categories' } }, async () => ({
    success: true,
    message: 'Categories',
    Categories: await catalog.listCategories(db),
  }));

  api.get(
    '/api/product/recent/products',
    { schema: { tags: ['catalogue'], summary: 'The 10 newest products' } },
    async () => ({
      success: true,
      products: await catalog.listRecentProducts(db),
    }),
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
    async (request) => {
      const query = request.query;
      if (query.gte !== undefined && query.lte !== undefined && query.gte > query.lte) {
        throw new AppError('invalid', 'gte must not be greater than lte');
      }
      const keyword = query.keyword?.trim();
      const result = await catalog.listProducts(db, {
        keyword: keyword || undefined,
        categoryIds: parseCategoryIds(query.category),
        minRate: query.gte,
        maxRate: query.lte,
        page: query.page,
        limit: query.limit,
      });
      return { success: true, ...result };
    },
  );

  api.get(
    '/api/product/getSingleProduct/:id',
    { schema: { tags: ['catalogue'], summary: 'One product', params: z.object({ id: z.string() }) } },
    async (request) => ({
      success: true,
      product: await catalog.getProduct(db, parseId(request.params.id, 'Product')),
    }),
  );
}
