/**
 * The buy-again rules, pure (decision 0042): the usual quantity of each product of the last
 * orders, whether a product can be bought now in a quantity, and what a list may hold.
 */
import { MAX_SHOPPING_LIST_ITEMS } from '@mandi/shared';
import { unitOrDefault } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import { checkSoldQuantity, toGrams } from '../orders/orders.rules.js';

/** One line of a past order: its product, quantity (thousandths of `unit`) and when it was ordered. */
export interface PastLine {
  productId: string;
  grams: number;
  unit: string;
  orderId: string;
  orderedAt: Date;
}

/** A product's usual: the quantity most often ordered, in the unit it was ordered in. */
export interface Usual {
  productId: string;
  grams: number;
  unit: string;
  /** How many of the orders read had it, and when it was last ordered: the order of the strip. */
  orders: number;
  lastOrderedAt: Date;
}

/**
 * The usual of every product of `lines`: its most frequent quantity (a quantity and its unit count
 * together), ties going to the most recently ordered one. Products ordered in more of the orders
 * come first, then the most recently ordered, then by id so the answer is stable.
 */
export function usualQuantities(lines: readonly PastLine[]): Usual[] {
  const byProduct = new Map<string, PastLine[]>();
  for (const line of lines) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
  const usuals: Usual[] = [];
  for (const [productId, own] of byProduct) {
    const tally = new Map<string, { grams: number; unit: string; count: number; last: number }>();
    for (const line of own) {
      const key = `${line.grams}:${line.unit}`;
      const entry = tally.get(key) ?? { grams: line.grams, unit: line.unit, count: 0, last: 0 };
      entry.count += 1;
      entry.last = Math.max(entry.last, line.orderedAt.getTime());
      tally.set(key, entry);
    }
    const best = [...tally.values()].sort((a, b) => b.count - a.count || b.last - a.last)[0];
    if (!best) continue;
    usuals.push({
      productId,
      grams: best.grams,
      unit: best.unit,
      orders: new Set(own.map((line) => line.orderId)).size,
      lastOrderedAt: new Date(Math.max(...own.map((line) => line.orderedAt.getTime()))),
    });
  }
  return usuals.sort(
    (a, b) =>
      b.orders - a.orders ||
      b.lastOrderedAt.getTime() - a.lastOrderedAt.getTime() ||
      (a.productId < b.productId ? -1 : 1),
  );
}

/** What buying needs to know of a product today. */
export interface ProductToday {
  id: string;
  name: string;
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  imageId: string | null;
  unit: string;
}

/**
 * Whether `grams` of the product, counted in `unit`, can be bought now: the product is still sold
 * in that unit, offers that quantity (placing an order accepts nothing else) and has it in stock.
 */
export function canBuyNow(product: ProductToday, unit: string, grams: number): boolean {
  return (
    unitOrDefault(product.unit) === unitOrDefault(unit) &&
    product.weightOptionsGrams.includes(grams) &&
    product.stockGrams >= grams
  );
}

/** A list line as sent, checked for shape only (the products are checked against the catalogue). */
export interface ListLineRequest {
  productId: string;
  grams: number | null;
  quantity: number;
}

/** The checks a list's lines pass before any database work: not too many, positive, ids, each product once. */
export function checkListLines(lines: readonly { productId: string; quantity: number }[]): ListLineRequest[] {
  if (lines.length > MAX_SHOPPING_LIST_ITEMS) {
    throw new AppError('invalid', serverMessage('listItemsLimit', { max: MAX_SHOPPING_LIST_ITEMS }));
  }
  const seen = new Set<string>();
  return lines.map((line) => {
    if (!(line.quantity > 0)) throw new AppError('invalid', serverMessage('quantityPositive'));
    if (!isUuid(line.productId)) {
      throw new AppError('invalid', serverMessage('productIdNotFound', { id: line.productId }));
    }
    const productId = line.productId.toLowerCase();
    if (seen.has(productId)) throw new AppError('invalid', serverMessage('listProductRepeated'));
    seen.add(productId);
    return { productId, grams: toGrams(line.quantity), quantity: line.quantity };
  });
}

/**
 * The list's lines in thousandths, each a quantity its product offers, as a cart line is checked
 * when placing (the same message); a product that does not exist is a 400 naming its id.
 */
export function acceptListLines(
  lines: readonly ListLineRequest[],
  products: ReadonlyMap<string, ProductToday>,
): { productId: string; grams: number }[] {
  return lines.map((line) => {
    const product = products.get(line.productId);
    if (!product) throw new AppError('invalid', serverMessage('productIdNotFound', { id: line.productId }));
    return { productId: line.productId, grams: checkSoldQuantity(product, line) };
  });
}
