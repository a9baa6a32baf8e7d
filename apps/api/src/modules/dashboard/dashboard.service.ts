/** The dashboard's figures (docs/decisions/0026-today-on-the-dashboard.md): shop date from the kernel. */
import {
  addDays,
  COMPLAINT_ACKNOWLEDGE_WITHIN_MS,
  COMPLAINT_RESOLVE_WITHIN_MS,
  shopDateOf,
  shopDayRange,
  type Unit,
} from '@mandi/shared/kernel';
import type { Db } from '../../db/client.js';
import { presentLowStock, presentToday, presentTopProducts } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

/**
 * Below this much in stock (thousandths of the unit) a product is low: a few orders' worth at the
 * unit's usual quantities (the product form's presets, kernel units.ts). Kg keeps the 5 kg the
 * dashboard always used; a litre or a dozen goes about as far, so 5 of them too; pieces, bunches
 * and packs are ordered one to three at a time, so 10.
 */
export const LOW_STOCK_BELOW: Readonly<Record<Unit, number>> = {
  kg: 5000,
  litre: 5000,
  piece: 10_000,
  dozen: 5000,
  bunch: 10_000,
  pack: 10_000,
};

/** Today's slots, the orders without a slot, the unpaid bills, the complaints and the low stock, for the shop date of `now`. */
export async function getToday(db: Db, now: Date = new Date()) {
  const date = shopDateOf(now);
  const { from, to } = shopDayRange(date);
  const [rows, complaints, low] = await Promise.all([
    repo.todayRows(db, date, from, to),
    repo.complaintCounts(
      db,
      new Date(now.getTime() - COMPLAINT_ACKNOWLEDGE_WITHIN_MS),
      new Date(now.getTime() - COMPLAINT_RESOLVE_WITHIN_MS),
    ),
    repo.lowStockRows(db, LOW_STOCK_BELOW),
  ]);
  return presentToday(date, rows, complaints, presentLowStock(low, LOW_STOCK_BELOW));
}

/** The top products' window: the last 30 shop dates, today included (the dashboard's other 30-day figures' window). */
export const TOP_PRODUCTS_DAYS = 30;

/** The top products of the orders placed in the last 30 shop dates, as of `now`. */
export async function getTopProducts(db: Db, now: Date = new Date()) {
  const to = shopDateOf(now);
  const from = addDays(to, -(TOP_PRODUCTS_DAYS - 1));
  const rows = await repo.topProductRows(db, shopDayRange(from).from);
  return presentTopProducts(from, to, now, rows);
}
