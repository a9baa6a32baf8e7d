/**
 * Weighing and the final bill: packing and cancelling go through the orders module's lifecycle
 * (it owns the transaction, stock follows as a participant); the pick list sums what the day's
 * Processing orders hold.
 */
import type { PicklistItem } from '@mandi/shared/schemas';
import type { Db } from '../../db/client.js';
import { sumProcessingOrders } from '../orders/orders.service.js';
import { shopDateOf, shopDayRange, toCsv } from './weighing.rules.js';

export { cancelOwnOrder, packOrder } from '../orders/orders.service.js';

/** Today's shop date in Asia/Kolkata (`now` is injectable for tests): the pick list's default. */
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
    })),
  };
}

/** The pick list as CSV, one row per product, for a spreadsheet or a printer. */
export function picklistCsv(items: readonly PicklistItem[]): string {
  return toCsv(
    ['Product', 'Kg', 'Orders'],
    items.map((item) => [item.name, item.quantity, item.orders]),
  );
}
