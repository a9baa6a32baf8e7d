/**
 * Turns catalogue rows into the API's shapes (docs/product.md#compatibility-names) (rupees,
 * quantities in the product's unit, `$numberDecimal` options). An item without a picture answers
 * the placeholder drawn from its name (decision 0057), so every picture field stays an image URL.
 */
import { pictureUrl } from '@mandi/shared';
import { paiseToRupees, unitOrDefault } from '@mandi/shared/kernel';
import type { AdminProductRow, CategoryRow, ProductRow, SuggestionRow } from './catalog.repository.js';

export const gramsToKg = (grams: number) => grams / 1000;

export function presentCategory(row: Pick<CategoryRow, 'id' | 'name' | 'nameHi' | 'imageId'>) {
  return {
    _id: row.id,
    categoryName: row.name,
    categoryNameHi: row.nameHi,
    categoryImage: pictureUrl(row.imageId, row.name),
  };
}

export function presentProduct(row: ProductRow) {
  return {
    _id: row.id,
    name: row.name,
    aliases: row.aliases,
    url: pictureUrl(row.imageId, row.name),
    rate: paiseToRupees(row.ratePaise),
    stocks: gramsToKg(row.stockGrams),
    kilogramOption: [...row.weightOptionsGrams]
      .sort((a, b) => a - b)
      .map((grams) => ({ $numberDecimal: String(gramsToKg(grams)) })),
    category: presentCategory({
      id: row.categoryId,
      name: row.categoryName,
      nameHi: row.categoryNameHi,
      imageId: row.categoryImageId,
    }),
    createdAt: row.createdAt.toISOString(),
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    unit: unitOrDefault(row.unit),
  };
}

/** A product as the admin sees it: with its cost rate (never in the public catalogue; decision 0035). */
export function presentAdminProduct(row: AdminProductRow) {
  return {
    ...presentProduct(row),
    plu: row.plu,
    costRate: row.costRatePaise === null ? null : paiseToRupees(row.costRatePaise),
  };
}

/** A suggestion: what the header list shows (picture and ₹ per unit as the listing gives them). */
export function presentSuggestion(row: SuggestionRow) {
  return {
    _id: row.id,
    name: row.name,
    url: pictureUrl(row.imageId, row.name),
    rate: paiseToRupees(row.ratePaise),
    unit: unitOrDefault(row.unit),
  };
}

export type ProductView = ReturnType<typeof presentProduct>;
