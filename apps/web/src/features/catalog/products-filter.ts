/**
 * The products page's filter rules (docs/product.md#filter), kept pure so they are easy to test:
 * which listing a route asks for, what Apply Filter sends, the heading and the weight options.
 */
import { DEFAULT_PRICE_RANGE, DEFAULT_QUANTITY_KG, formatRupees } from '@mandi/shared';
import { specTexts, type Text } from '../../lib/i18n';

/** What GET /api/product/getAllProducts is asked for. */
export interface ProductListQuery {
  keyword?: string;
  categoryIds?: string[];
  gte?: number;
  lte?: number;
}

export interface FilterSelection {
  categoryIds: string[];
  /** A 'min-max' range from PRICE_RANGES, or '' when none is chosen. */
  priceRange: string;
}

export const EMPTY_SELECTION: FilterSelection = { categoryIds: [], priceRange: '' };

export type FilterResult = { ok: true; query: ProductListQuery } | { ok: false; message: Text };

/** Splits a 'min-max' price string into its two bounds in rupees. */
export function parsePriceRange(range: string): { gte: number; lte: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(range);
  if (!match) return null;
  const gte = Number(match[1]);
  const lte = Number(match[2]);
  return gte <= lte ? { gte, lte } : null;
}

/** '20-40' -> '₹20 - ₹40', the label of a price-range option. */
export function formatPriceRange(range: string): string {
  const bounds = parsePriceRange(range);
  return bounds ? `${formatRupees(bounds.gte)} - ${formatRupees(bounds.lte)}` : range;
}

/** Clicking a category selects it, clicking it again deselects it. */
export function toggleCategory(selected: string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((entry) => entry !== id) : [...selected, id];
}

/**
 * Apply Filter: at least one category or a price range, else 'Please Select Filter First..!!'. With only
 * categories chosen the page's default range ('0-10000') bounds the price.
 */
export function buildFilterQuery(selection: FilterSelection): FilterResult {
  const hasCategories = selection.categoryIds.length > 0;
  const hasPrice = selection.priceRange.trim() !== '';
  if (!hasCategories && !hasPrice) return { ok: false, message: specTexts.filterFirst };
  const bounds = parsePriceRange(hasPrice ? selection.priceRange : DEFAULT_PRICE_RANGE);
  if (!bounds) return { ok: false, message: specTexts.filterFirst };
  return {
    ok: true,
    query: {
      ...(hasCategories ? { categoryIds: [...selection.categoryIds] } : {}),
      gte: bounds.gte,
      lte: bounds.lte,
    },
  };
}

export interface ProductsRoute {
  /** /products/{keyword} */
  keyword?: string;
  /** /products/category/{categoryId} */
  pathCategoryId?: string;
  /** /products?categoryId={id}&categoryName={name} */
  queryCategoryId?: string | null;
  queryCategoryName?: string | null;
}

/** The listing a route asks for before any filter is applied. */
export function routeQuery(route: ProductsRoute): ProductListQuery {
  const keyword = route.keyword?.trim();
  if (keyword) return { keyword };
  const categoryId = route.pathCategoryId?.trim() || route.queryCategoryId?.trim();
  if (categoryId) return { categoryIds: [categoryId] };
  return {};
}

/**
 * The word after 'Fresh ' in the heading: the chosen category's name, or 'Products' (all products,
 * a keyword search, and always once a filter has been applied). `hindiNames` (by id, with Hindi on)
 * come before the English name the link carries, which stays the spec's heading in English.
 */
export function headingLabel(
  route: ProductsRoute,
  isFilterApplied: boolean,
  categoryNames: ReadonlyMap<string, string>,
  hindiNames: ReadonlyMap<string, string> = new Map(),
) {
  if (isFilterApplied || route.keyword?.trim()) return 'Products';
  const categoryId = route.pathCategoryId?.trim() || route.queryCategoryId?.trim();
  const hindiName = categoryId && hindiNames.get(categoryId);
  if (hindiName) return hindiName;
  const queryName = route.queryCategoryName?.trim();
  if (queryName) return queryName;
  return (categoryId && categoryNames.get(categoryId)) || 'Products';
}

export function toSearchParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.categoryIds?.length) params.set('category', query.categoryIds.join(','));
  if (query.gte !== undefined) params.set('gte', String(query.gte));
  if (query.lte !== undefined) params.set('lte', String(query.lte));
  return params;
}

/** The quantity select starts at 0.5 kg when offered, otherwise at the smallest weight offered. */
export function defaultQuantity(options: number[]): number | undefined {
  return options.includes(DEFAULT_QUANTITY_KG) ? DEFAULT_QUANTITY_KG : options[0];
}
