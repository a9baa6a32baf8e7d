/**
 * The dashboard's figures (docs/decisions/0026-today-on-the-dashboard.md): today's, the top
 * products, and the seller figures of `GET /api/user/admin/stats` (the spec's counts and the 30-day
 * billed amounts, decisions 0047 and 0053). Shop dates from the kernel.
 */
import { ORDER_STATUSES, type OrderStatus } from '@mandi/shared';
import {
  addDays,
  COMPLAINT_ACKNOWLEDGE_WITHIN_MS,
  COMPLAINT_RESOLVE_WITHIN_MS,
  paiseToRupees,
  shopDateOf,
  shopDayRange,
  type Unit,
} from '@mandi/shared/kernel';
import type { Db } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { yieldToLoop } from '../../lib/csv-stream.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { dashboardCache } from './dashboard.cache.js';
import * as figures from './dashboard.figures.js';
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
  const [rows, takings, complaints, low] = await Promise.all([
    repo.todayRows(db, date, from, to),
    repo.takingsRows(db, from, to),
    repo.complaintCounts(
      db,
      new Date(now.getTime() - COMPLAINT_ACKNOWLEDGE_WITHIN_MS),
      new Date(now.getTime() - COMPLAINT_RESOLVE_WITHIN_MS),
    ),
    repo.lowStockRows(db, LOW_STOCK_BELOW),
  ]);
  return presentToday(date, rows, takings, complaints, presentLowStock(low, LOW_STOCK_BELOW));
}

/**
 * The top products' window: the last 30 shop dates, today included (the dashboard's other 30-day
 * figures' window, and the month's rows kept per product, decision 0072).
 */
export const TOP_PRODUCTS_DAYS = figures.MONTH_DAYS;

/** The top products of the orders placed in the last 30 shop dates, as of `now`. */
export async function getTopProducts(db: Db, now: Date = new Date()) {
  const to = shopDateOf(now);
  const from = addDays(to, -(TOP_PRODUCTS_DAYS - 1));
  const rows = await figures.keptTopByAmount(db, from);
  return presentTopProducts(from, to, now, rows);
}

/** The seller figures' window: the last 30 shop dates, today included. */
export const DASHBOARD_DAYS = figures.MONTH_DAYS;

/**
 * The admin dashboard's exact figures: the spec's counts and delivered amount, the stock split,
 * orders per status and the products low on stock. Every order moment changes them, and the
 * dashboard shows them as they are.
 */
export async function getShopCounts(db: Db) {
  // Sent together (decision 0068's amendment): since the orders per status are kept (decision
  // 0066: a few rows a shop date, not every order) the three are short, and one at a time each
  // waited its turn in the embedded database's queue at the morning peak.
  const [catalogue, usersCount, byStatus] = await readTogether(db, [
    () => repo.countCatalogue(db),
    () => repo.countUsers(db),
    () => figures.keptOrdersByStatus(db),
  ]);
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of byStatus) ordersByStatus[row.status] = row.n;
  return {
    productsCount: catalogue.productsCount,
    usersCount,
    ordersCount: byStatus.reduce((sum, row) => sum + row.n, 0),
    deliveredAmount: paiseToRupees(byStatus.find((row) => row.status === 'Delivered')?.paise ?? 0),
    outOfStockCount: catalogue.outOfStockCount,
    inStockCount: catalogue.productsCount - catalogue.outOfStockCount,
    ordersByStatus,
    lowStock: catalogue.low.map((row) => ({ _id: row.id, name: row.name, stock: row.grams / 1000 })),
  };
}

/**
 * The dashboard's 30-day figures, as of `now` (`figuresAsOf`): "billed" is the amount due of the
 * orders placed on each shop date, cancelled excluded (once packed that is the final bill, before
 * packing the estimate, so today's sales show today rather than on the day they happen to be
 * weighed; docs/decisions/0007-weighing-and-final-bills.md), and the ten products with most kg
 * sold. Read from the figures the order moments keep per shop date (decision 0066); they may still
 * lag the orders by a minute in the cache (decisions 0047, 0053).
 */
export async function getSalesTrend(db: Db, now: Date = new Date()) {
  const today = shopDateOf(now);
  const first = addDays(today, -(DASHBOARD_DAYS - 1));
  const billedRows = await figures.keptBilledByDay(db, first);
  await yieldToLoop();
  const top = await figures.keptTopByQuantity(db, first);
  const billed = new Map(billedRows.map((day) => [day.date, day.paise]));
  return {
    billedByDay: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const date = addDays(first, i);
      return { date, amount: paiseToRupees(billed.get(date) ?? 0) };
    }),
    topProducts: top.map((row) => ({ productId: row.productId, name: row.name, quantity: row.grams / 1000 })),
    figuresAsOf: now.toISOString(),
  };
}

/**
 * Counts the kept figures again from the orders when their orders per status disagree with the
 * orders' own (decision 0066): rows written outside the order moments (the demo and scale seeds, a
 * restore of a backup from before the figures, `psql`), and the month's rows per product when they
 * disagree with the product figures of their window (decision 0072). Run once as a process starts;
 * at the scale data set the checks are one index-only pass over the orders and one over the
 * month's product figures. True when it counted again.
 */
export async function keepFiguresTrue(work: UnitOfWork): Promise<boolean> {
  return work.transaction(async (tx, touch) => {
    if (await figures.figuresAgreeWithOrders(tx)) {
      // The month added up per product may disagree alone (a restore of a backup from before it).
      if (!(await figures.keepMonthTrue(tx))) return false;
    } else {
      await figures.recountFigures(tx);
    }
    // Other processes' cached figures were read from the rows just replaced.
    touch(...dashboardCache.writes.figuresCounted.tags());
    return true;
  });
}
