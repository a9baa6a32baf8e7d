/**
 * The query of the admin products and users lists: `?page=&limit=` for one page (without them every
 * row, as the original API answered), `q` to search (plain text, never a pattern, any case) and
 * `sort`/`order` by a visible column; ties are always broken by id, so pages never overlap.
 */
import { z } from 'zod';
import {
  ADMIN_LIST_MAX_PAGE_SIZE,
  ADMIN_PRODUCT_SORTS,
  ADMIN_SEARCH_MAX_LENGTH,
  ADMIN_USER_SORTS,
  SORT_ORDERS,
} from '../constants.js';
import { userSchema } from './accounts.js';

const pageSchema = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(100_000, 'page must be at most 100000')
  .optional();

const limitSchema = z.coerce
  .number({ error: 'limit must be a whole number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be 1 or more')
  .max(ADMIN_LIST_MAX_PAGE_SIZE, `limit must be at most ${ADMIN_LIST_MAX_PAGE_SIZE}`)
  .optional();

const searchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
  .optional();

const orderSchema = z.enum(SORT_ORDERS, { error: `order must be one of: ${SORT_ORDERS.join(', ')}` }).optional();

function listQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S, searched: string) {
  return z.object({
    page: pageSchema,
    limit: limitSchema,
    q: searchSchema.meta({ description: `Search text: ${searched}, any case, matched as plain text` }),
    sort: z.enum(sorts, { error: `sort must be one of: ${sorts.join(', ')}` }).optional(),
    order: orderSchema,
  });
}

export const adminProductsQuerySchema = listQuerySchema(ADMIN_PRODUCT_SORTS, 'part of the product name');

export const adminUsersQuerySchema = listQuerySchema(ADMIN_USER_SORTS, 'part of the name or email');

/** One user for the admin's user form. */
export const adminUserAnswerSchema = z.object({ success: z.literal(true), user: userSchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;

/**
 * The admin's khata list (decision 0039): `?page=&limit=` for one page (without them every khata),
 * `q` to search names, emails and mobiles; largest balance first, always.
 */
/** The rate board: every product without `page`/`limit`, one page with them; `q` searches names and aliases. */
export const adminRatesQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  q: searchSchema.meta({ description: 'Search text: part of the product name or an alias, any case, as plain text' }),
});

export const adminKhatasQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  q: searchSchema.meta({ description: 'Search text: part of the name, email or mobile, any case, as plain text' }),
});
export type AdminKhatasQuery = z.infer<typeof adminKhatasQuerySchema>;
