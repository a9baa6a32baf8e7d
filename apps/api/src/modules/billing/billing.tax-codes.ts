/**
 * A product's tax fields when the admin leaves them out: the default of its category, by the
 * category's name (decision 0010). A code table rather than columns on categories, so the category
 * form stays as it is; the admin sets `hsnCode` and `gstRate` on any product that differs (ghee in
 * Dairy, dry fruit in Nuts & Staples).
 *
 * HSN codes from the Customs Tariff (chapters 04, 07, 08, 10); rates from the CGST rate notification
 * in force from 22 September 2025 (notification 9/2025-Central Tax (Rate)): fresh fruit and
 * vegetables, milk, curd, eggs, rice (not pre-packaged and labelled) are exempt.
 */
import type { GstRate } from '@mandi/shared/schemas';

export interface TaxFields {
  hsnCode: string;
  gstRate: GstRate;
}

/** Fresh vegetables, exempt: a fresh-produce shop's commonest line, for a category the table does not know. */
export const FALLBACK_TAX_FIELDS: TaxFields = { hsnCode: '0709', gstRate: 0 };

const CATEGORY_DEFAULTS: Readonly<Record<string, TaxFields>> = {
  // 0810: other fresh fruit (0803 bananas, 0804 mangoes, 0805 citrus... are set per product).
  fruits: { hsnCode: '0810', gstRate: 0 },
  'exotic fruits': { hsnCode: '0810', gstRate: 0 },
  // 0709: other vegetables, fresh or chilled.
  vegetables: { hsnCode: '0709', gstRate: 0 },
  // 0705: lettuce and other leafy vegetables; herbs and greens at 0709 per product.
  'leafy greens': { hsnCode: '0709', gstRate: 0 },
  // 0706: carrots, turnips and similar roots; 0701 potatoes, 0703 onions and garlic per product.
  'roots & bulbs': { hsnCode: '0706', gstRate: 0 },
  // 0401: milk, fresh, not concentrated; butter, ghee and cheese are 5% per product.
  dairy: { hsnCode: '0401', gstRate: 0 },
  // 0802: other nuts, fresh or dried: 5%.
  'nuts & staples': { hsnCode: '0802', gstRate: 5 },
};

/** The default tax fields of a category, by its name (any case). */
export function categoryTaxDefaults(categoryName: string): TaxFields {
  return CATEGORY_DEFAULTS[categoryName.trim().toLowerCase()] ?? FALLBACK_TAX_FIELDS;
}
