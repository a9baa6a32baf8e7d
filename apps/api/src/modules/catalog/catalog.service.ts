/** Catalogue rules: listing filters and paging, lookups that answer 404 for unknown ids. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { presentCategory, presentProduct } from './catalog.presenter.js';
import * as repo from './catalog.repository.js';

export const RECENT_PRODUCTS_LIMIT = 10;
export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 500;

export interface ListProductsQuery {
  keyword?: string;
  categoryIds?: string[];
  minRate?: number;
  maxRate?: number;
  page: number;
  limit: number;
}

export async function listProducts(db: Db, query: ListProductsQuery) {
  const { rows, total } = await repo.findProducts(
    db,
    {
      keyword: query.keyword,
      categoryIds: query.categoryIds,
      minRatePaise: query.minRate === undefined ? undefined : Math.ceil(query.minRate * 100),
      maxRatePaise: query.maxRate === undefined ? undefined : Math.floor(query.maxRate * 100),
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return { products: rows.map(presentProduct), productsDocCount: total };
}

export async function listRecentProducts(db: Db) {
  return (await repo.findRecentProducts(db, RECENT_PRODUCTS_LIMIT)).map(presentProduct);
}

export async function getProduct(db: Db, id: string) {
  const row = await repo.findProductById(db, id);
  if (!row) throw notFound('Product');
  return presentProduct(row);
}

export async function listCategories(db: Db) {
  return (await repo.findCategories(db)).map(presentCategory);
}
