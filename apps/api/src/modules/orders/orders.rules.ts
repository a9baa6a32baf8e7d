/**
 * The order rules, pure (no database, no clock): what a cart may hold, how kilograms become grams,
 * which lines an order accepts, its total, and which status moves are allowed, with the messages
 * a shopper or an admin sees.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_CANCELLABLE_STATUSES,
  formatRupees,
  NEXT_ORDER_STATUS,
  type OrderStatus,
  type SubstitutionChoice,
} from '@mandi/shared';
import { lineAmountPaise, paiseToRupees, parseOrderNumber, unitOrDefault } from '@mandi/shared/kernel';
import { serverMessage } from '@mandi/shared/server-messages';
import { AppError } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import { AdjustmentSet } from './orders.adjustments.js';
import type { NewOrder, OrderRequest } from './orders.lifecycle.js';
import type { OrderSearch, ProductForOrder } from './orders.repository.js';

export const MAX_ORDER_LINES = 50;
/**
 * The largest order subtotal, ₹1,00,00,000: totals are stored in a 32-bit column (at most about
 * ₹2.1 crore, room for any delivery fee on top), and the dashboard sums them as 64-bit, so no
 * order and no sum can overflow.
 */
export const MAX_ORDER_TOTAL_PAISE = 1_000_000_000;

/** Options in their unit's numbers ("0.25, 0.5, 1"): thousandths / 1000 whatever the unit. */
export const formatKgList = (grams: readonly number[]) =>
  [...grams]
    .sort((a, b) => a - b)
    .map((g) => String(g / 1000))
    .join(', ');

/** Kilograms to whole grams, or null when the amount is not a whole number of grams (or absurd). */
export function toGrams(kg: number): number | null {
  if (!Number.isFinite(kg) || kg > 1_000_000) return null;
  const grams = Math.round(kg * 1000);
  return Math.abs(kg * 1000 - grams) < 1e-6 ? grams : null;
}

/** The checks a cart passes before any database work: not empty, not too long, positive amounts, ids. */
export function checkCart(
  lines: { id: string; quantity: number; substitution?: SubstitutionChoice }[],
): OrderRequest['lines'] {
  if (lines.length === 0) throw new AppError('invalid', serverMessage('cartEmpty'));
  if (lines.length > MAX_ORDER_LINES) {
    throw new AppError('invalid', serverMessage('orderMaxLines', { max: MAX_ORDER_LINES }));
  }
  return lines.map((line) => {
    if (!(line.quantity > 0)) throw new AppError('invalid', serverMessage('quantityPositive'));
    if (!isUuid(line.id)) throw new AppError('notFound', serverMessage('productIdNotFound', { id: line.id }));
    return {
      productId: line.id.toLowerCase(),
      grams: toGrams(line.quantity),
      quantity: line.quantity,
      substitution: line.substitution ?? 'skip',
    };
  });
}

/**
 * The order as the rules accept it: every line names a product that exists and one of its weight
 * options; lines of the same product add up. Throws the AppError the shopper sees otherwise.
 */
/**
 * A line's quantity in thousandths when it is one its product is sold in (1/2/3 kg, 1 dozen); a
 * 400 naming the choices otherwise. The cart's rule, shared by every module that fills a cart.
 */
export function checkSoldQuantity(
  product: { name: string; unit?: string | null; weightOptionsGrams: readonly number[] },
  line: { grams: number | null; quantity: number },
): number {
  if (line.grams === null || !product.weightOptionsGrams.includes(line.grams)) {
    throw new AppError(
      'invalid',
      serverMessage('soldInOptionsOnly', {
        name: product.name,
        options: formatKgList(product.weightOptionsGrams),
        quantity: line.quantity,
        unit: unitOrDefault(product.unit ?? undefined),
      }),
    );
  }
  return line.grams;
}

/** A quantity weighed or counted at the counter: a positive whole number of thousandths of the unit. */
function checkWholeQuantity(line: { grams: number | null }): number {
  if (line.grams === null || !Number.isInteger(line.grams) || line.grams <= 0) {
    throw new AppError('invalid', serverMessage('quantityPositive'));
  }
  return line.grams;
}

export function acceptLines(request: OrderRequest, products: ReadonlyMap<string, ProductForOrder>): NewOrder {
  const merged = new Map<string, NewOrder['lines'][number]>();
  for (const line of request.lines) {
    const product = products.get(line.productId);
    if (!product) {
      throw new AppError('notFound', serverMessage('productNoLongerSold', { id: line.productId }));
    }
    // Handed over as made: what was weighed or counted, any whole thousandths (the maker checked its limits).
    const grams = request.handedOverBy ? checkWholeQuantity(line) : checkSoldQuantity(product, line);
    const ratePaise = line.ratePaise ?? product.ratePaise;
    // Two lines of one product keep the first line's substitution wish (decision 0043); lines of
    // one product at two agreed rates stay two lines.
    const key = `${product.id}@${ratePaise}`;
    const existing = merged.get(key);
    if (existing) existing.grams += grams;
    else
      merged.set(key, { product, grams, ratePaise, position: merged.size, substitution: line.substitution ?? 'skip' });
  }
  const lines = [...merged.values()];
  const subtotalPaise = lines.reduce((sum, line) => sum + lineAmountPaise(line.ratePaise, line.grams), 0);
  // A rate published after the shopper's confirm screen: they confirm the new amount first (decision 0055).
  const expected = request.expectedSubtotalPaise;
  if (expected !== undefined && expected !== null && expected !== subtotalPaise) {
    throw new AppError(
      'conflict',
      serverMessage('ratesChangedSinceConfirm', {
        shown: formatRupees(paiseToRupees(expected)),
        subtotal: formatRupees(paiseToRupees(subtotalPaise)),
      }),
      { subtotal: paiseToRupees(subtotalPaise) },
    );
  }
  if (subtotalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw new AppError(
      'invalid',
      serverMessage('orderMaxTotal', { amount: formatRupees(paiseToRupees(MAX_ORDER_TOTAL_PAISE)) }),
    );
  }
  return {
    id: randomUUID(),
    request,
    lines,
    subtotalPaise,
    deliveryDate: null,
    adjustments: new AdjustmentSet(),
  };
}

/** Why an order in `current` cannot move to `next`: one step forward or Cancelled, and nothing after a final status. */
export function illegalMove(current: OrderStatus, next: OrderStatus): AppError {
  const forward = NEXT_ORDER_STATUS[current];
  if (!forward) return new AppError('conflict', serverMessage('statusFinal', { status: current }));
  const code = ADMIN_CANCELLABLE_STATUSES.includes(current) ? 'statusMoveOnlyToOrCancelled' : 'statusMoveOnlyTo';
  return new AppError('conflict', serverMessage(code, { status: current, next: forward, wanted: next }));
}

/**
 * What the admin's orders search looks for in a typed text (issue 42): the order of that number
 * ("1042", "#1042"), orders whose shopper's name (as on the order) holds the text, and, when the
 * text reads as digits of a phone number ("98765 43210", "+91-98765-43210", "43210"), orders whose
 * mobile number holds those digits (without the +91 or 0 in front, as mobiles are kept).
 */
export function orderSearchOf(typed: string): OrderSearch | null {
  const text = typed.trim();
  if (!text) return null;
  const isPhoneLike = /^\+?[\d\s-]+$/.test(text);
  let digits = isPhoneLike ? text.replace(/\D/g, '') : '';
  if ((text.startsWith('+') || digits.length === 12) && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return { text, orderNumber: parseOrderNumber(text), mobileDigits: digits || null };
}
