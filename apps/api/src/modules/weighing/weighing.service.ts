/**
 * Weighing and the final bill: packing goes through the orders module's lifecycle (it owns the
 * transaction, stock follows as a participant) with the weighing rules checking the weights; the
 * pick list sums what the day's Processing orders hold.
 */
import { orderNumberLabel, shopDateOf, shopDayRange, unitOrDefault } from '@mandi/shared/kernel';
import type { PicklistItem } from '@mandi/shared/schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { csvFile } from '../../lib/csv-stream.js';
import type { SessionUser } from '../../lib/session.js';
import {
  type MomentResult,
  type OrderLifecycle,
  type PackChoices,
  packOrder,
  sumProcessingOrders,
} from '../orders/orders.service.js';
import { chooseSubstitutes } from '../substitutions/substitutions.service.js';
import { checkPackedWeights, type PackItem } from './weighing.rules.js';

/**
 * Packs an order at the weighed weights, or again while it is still Processing. `items` are as
 * sent: every order item exactly once, kilograms as numbers or numeric strings.
 */
export function packWeighed(
  lifecycle: OrderLifecycle,
  actor: Pick<SessionUser, 'id' | 'role'>,
  id: string,
  items: readonly PackItem[],
  choices: PackChoices = {},
): Promise<MomentResult> {
  return packOrder(lifecycle, actor, id, choices, async (tx, lines) => {
    const check = checkPackedWeights(lines, items);
    if (!check.ok) throw new AppError('invalid', check.message);
    // What may be sent in place of a line is the substitutions module's rule (decision 0043).
    const substitutes = await chooseSubstitutes(tx, lines, check.substitutes, check.packedGrams);
    return new Map(
      [...check.packedGrams].map(([lineId, grams]) => [lineId, { grams, substitute: substitutes.get(lineId) ?? null }]),
    );
  });
}

/** Today's shop date (`now` is injectable for tests): the pick list's default. */
export function todayInShop(now: () => Date = () => new Date()): string {
  return shopDateOf(now());
}

/** The pick list of a shop date. */
export async function getPicklist(db: Db, day: string): Promise<{ date: string; items: PicklistItem[] }> {
  const { from, to } = shopDayRange(day);
  const rows = await sumProcessingOrders(db, day, from, to);
  return {
    date: day,
    items: rows.map((row) => ({
      productId: row.productId,
      name: row.name,
      quantity: row.grams / 1000,
      orders: row.orders,
      orderNumbers: row.orderNumbers,
      unit: unitOrDefault(row.unit),
      similarOrderNumbers: row.similarOrderNumbers,
      callOrderNumbers: row.callOrderNumbers,
    })),
  };
}

/** The pick list as CSV, one row per product, for a spreadsheet or a printer; in pieces for `sendCsv` (decision 0039). */
export function picklistCsv(items: readonly PicklistItem[]): Generator<string> {
  return csvFile(
    ['Product', 'Quantity', 'Unit', 'Orders', 'Order numbers', 'Similar item if short', 'Call if short'],
    items.map((item) => [
      item.name,
      item.quantity,
      item.unit ?? 'kg',
      item.orders,
      (item.orderNumbers ?? []).map(orderNumberLabel).join(' '),
      (item.similarOrderNumbers ?? []).map(orderNumberLabel).join(' '),
      (item.callOrderNumbers ?? []).map(orderNumberLabel).join(' '),
    ]),
  );
}
