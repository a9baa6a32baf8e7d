/**
 * Buying at the mandi, suppliers and wastage (decision 0035). A purchase and a write-off each move
 * stock in one transaction with the products' rows locked in id order, as orders lock them, so
 * they hold beside checkouts and packs on other processes; both drop the catalogue's cached reads.
 */
import { formatInUnit, formatRupees, type WastageReason } from '@mandi/shared';
import { paiseToRupees, rupeesToPaise, shopDateOf, shopDayRange, wastageCostPaise } from '@mandi/shared/kernel';
import type { Purchase, Supplier, WastageEntry, WastageListAnswer } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isUuid } from '../../lib/validation.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { purchasesCache } from './purchases.cache.js';
import {
  presentPurchase,
  presentShrinkage,
  presentSupplier,
  presentWastage,
  type ShrinkageRow,
} from './purchases.presenter.js';
import * as repo from './purchases.repository.js';
import {
  costPurchase,
  listRange,
  type PurchaseInput,
  stockAfterPurchase,
  unitsToGrams,
  weeklyTotals,
} from './purchases.rules.js';

type Range = { from: string; to: string };

function rangeOf(now: Date, query: { from?: string; to?: string }): Range {
  const range = listRange(shopDateOf(now), query);
  if ('problem' in range) throw new AppError('invalid', range.problem);
  return range;
}

/**
 * Saves a purchase: the supplier by name (created when new), every line costed, each net quantity
 * added to its product's stock and the product's cost moved by moving average, all or nothing.
 */
export async function recordPurchase(
  work: UnitOfWork,
  now: Date,
  actorId: string,
  input: PurchaseInput & { supplier: string; date: string },
): Promise<{ purchase: Purchase; message: string }> {
  if (input.date > shopDateOf(now))
    throw new AppError('invalid', serverMessage('purchaseDateFuture', { date: input.date }));
  const costed = costPurchase(input);
  if ('problem' in costed) throw new AppError('invalid', costed.problem);
  const { purchase } = costed;
  const unknown = purchase.lines.findIndex((line) => !isUuid(line.productId));
  if (unknown >= 0) throw new AppError('notFound', serverMessage('purchaseProductMissing', { line: unknown + 1 }));

  const id = await work.transaction(async (tx, touch) => {
    const locked = await repo.lockProducts(
      tx,
      purchase.lines.map((line) => line.productId),
    );
    const byId = new Map(locked.map((product) => [product.id, product]));
    const missing = purchase.lines.findIndex((line) => !byId.has(line.productId));
    if (missing >= 0) throw new AppError('notFound', serverMessage('purchaseProductMissing', { line: missing + 1 }));
    const moved = stockAfterPurchase(byId, purchase);
    if ('problem' in moved) throw new AppError('invalid', moved.problem);

    const supplier = await repo.supplierNamed(tx, input.supplier);
    const row = await repo.insertPurchase(
      tx,
      {
        supplierId: supplier.id,
        date: input.date,
        commissionBasisPoints: purchase.commissionBasisPoints,
        valuePaise: purchase.landed.valuePaise,
        commissionPaise: purchase.landed.commissionPaise,
        chargesPaise: purchase.landed.chargesPaise,
        totalPaise: purchase.landed.totalPaise,
        createdBy: actorId,
      },
      purchase.lines.map((line, index) => {
        const product = byId.get(line.productId);
        const costedLine = purchase.landed.lines[index];
        if (!product || !costedLine || costedLine.landedRatePaise === null)
          throw new Error('a checked line is missing');
        return {
          position: index,
          productId: product.id,
          productName: product.name,
          unit: product.unit,
          grossGrams: line.grossGrams,
          tareGrams: line.tareGrams,
          netGrams: costedLine.netGrams,
          ratePaise: line.ratePaise,
          valuePaise: costedLine.valuePaise,
          commissionPaise: costedLine.commissionPaise,
          chargesPaise: costedLine.chargesPaise,
          landedPaise: costedLine.landedPaise,
          landedRatePaise: costedLine.landedRatePaise,
        };
      }),
      purchase.charges.map((charge, index) => ({
        position: index,
        label: charge.label,
        amountPaise: charge.amountPaise,
      })),
    );
    for (const [productId, stock] of moved.after) {
      await repo.setStockAndCost(tx, productId, stock.stockGrams, stock.costRatePaise);
    }
    touch(...purchasesCache.writes.stockMoved.tags());
    return row.id;
  });
  const [saved] = await repo.findPurchases(work.db, { ids: [id] });
  if (!saved) throw new Error('the purchase just saved is missing');
  const shown = presentPurchase(saved);
  return {
    purchase: shown,
    message: serverMessage('purchaseRecorded', { lines: shown.lines.length, total: formatRupees(shown.total) }).message,
  };
}

/** The purchases bought on the dates from..to (default the 30 days up to today), newest first. */
export async function listPurchases(db: Db, now: Date, query: { from?: string; to?: string }) {
  const range = rangeOf(now, query);
  const purchases = (await repo.findPurchases(db, range)).map(presentPurchase);
  const totalPaise = purchases.reduce((sum, purchase) => sum + rupeesToPaise(purchase.total), 0);
  return { ...range, purchases, total: paiseToRupees(totalPaise) };
}

export async function listSuppliers(db: Db): Promise<Supplier[]> {
  return (await repo.supplierTotals(db)).map(presentSupplier);
}

/** Records a payment to a supplier; its balance (purchases - payments) goes down by it. */
export async function recordSupplierPayment(
  work: UnitOfWork,
  actorId: string,
  supplierId: string,
  input: { amount: number; method: 'Cash' | 'UPI' | 'Bank'; reference: string },
): Promise<{ supplier: Supplier; message: string }> {
  if (!isUuid(supplierId)) throw notFound('Supplier');
  const supplier = await work.transaction(async (tx) => {
    const row = await repo.lockSupplier(tx, supplierId);
    if (!row) throw notFound('Supplier');
    await repo.insertSupplierPayment(tx, {
      supplierId,
      amountPaise: rupeesToPaise(input.amount),
      method: input.method,
      reference: input.reference,
      createdBy: actorId,
    });
    const [totals] = await repo.supplierTotals(tx, supplierId);
    if (!totals) throw notFound('Supplier');
    return presentSupplier(totals);
  });
  return {
    supplier,
    message: serverMessage('supplierPaymentRecorded', { amount: formatRupees(input.amount), name: supplier.name })
      .message,
  };
}

/**
 * Writes stock off: the quantity leaves the product's stock (more than the stock is a 409 and
 * nothing changes), valued at the product's cost rate then (nothing without one).
 */
export async function recordWastage(
  work: UnitOfWork,
  now: Date,
  actorId: string,
  input: { productId: string; quantity: number; reason: WastageReason; note: string },
): Promise<{
  entry: WastageEntry;
  product: { _id: string; name: string; unit: string; stocks: number; costRate: number | null };
  message: string;
}> {
  if (!isUuid(input.productId)) throw notFound('Product');
  const grams = unitsToGrams(input.quantity);
  return work.transaction(async (tx, touch) => {
    const [product] = await repo.lockProducts(tx, [input.productId]);
    if (!product) throw notFound('Product');
    if (grams > product.stockGrams) {
      throw new AppError(
        'conflict',
        serverMessage('wastageMoreThanStock', {
          name: product.name,
          stock: formatInUnit(product.stockGrams / 1000, product.unit),
          quantity: formatInUnit(input.quantity, product.unit),
        }),
      );
    }
    const stockGrams = product.stockGrams - grams;
    await repo.setStockAndCost(tx, product.id, stockGrams, product.costRatePaise);
    const entry = await repo.insertWastage(tx, {
      productId: product.id,
      productName: product.name,
      unit: product.unit,
      quantityGrams: grams,
      reason: input.reason,
      note: input.note,
      costRatePaise: product.costRatePaise,
      costPaise: wastageCostPaise(product.costRatePaise, grams),
      createdBy: actorId,
      // The app's clock, as the list's dates are read by it.
      createdAt: now,
    });
    touch(...purchasesCache.writes.stockMoved.tags());
    return {
      entry: presentWastage(entry),
      product: {
        _id: product.id,
        name: product.name,
        unit: product.unit,
        stocks: stockGrams / 1000,
        costRate: product.costRatePaise === null ? null : paiseToRupees(product.costRatePaise),
      },
      message: serverMessage('wastageRecorded', {
        quantity: formatInUnit(input.quantity, product.unit),
        name: product.name,
      }).message,
    };
  });
}

/**
 * The write-offs of the dates from..to (shop time, default the 30 days up to today), their cost,
 * the totals per week, and per product the quantity written off against what was bought then.
 */
export async function listWastage(
  db: Db,
  now: Date,
  query: { from?: string; to?: string },
): Promise<Omit<WastageListAnswer, 'success'>> {
  const range = rangeOf(now, query);
  const rows = await repo.findWastage(db, shopDayRange(range.from).from, shopDayRange(range.to).to);
  const entries = rows.map(presentWastage);
  const perProduct = new Map<string, ShrinkageRow>();
  for (const row of rows) {
    const key = row.productId ?? `name:${row.productName}`;
    const total = perProduct.get(key) ?? {
      productId: row.productId,
      name: row.productName,
      unit: row.unit,
      wastedGrams: 0,
      boughtGrams: 0,
      costPaise: 0,
    };
    total.wastedGrams += row.quantityGrams;
    total.costPaise += row.costPaise;
    perProduct.set(key, total);
  }
  const bought = await repo.boughtByProduct(
    db,
    range.from,
    range.to,
    [...perProduct.values()].flatMap((row) => (row.productId ? [row.productId] : [])),
  );
  const shrinkage = [...perProduct.values()]
    .map((row) => ({ ...row, boughtGrams: row.productId ? (bought.get(row.productId) ?? 0) : 0 }))
    .sort((a, b) => b.costPaise - a.costPaise || a.name.localeCompare(b.name))
    .map(presentShrinkage);
  const totalCostPaise = rows.reduce((sum, row) => sum + row.costPaise, 0);
  return {
    ...range,
    entries,
    totalCost: paiseToRupees(totalCostPaise),
    weeks: weeklyTotals(
      entries.map((entry, index) => ({ date: entry.date, costPaise: rows[index]?.costPaise ?? 0 })),
    ).map((week) => ({ weekStart: week.weekStart, entries: week.entries, cost: paiseToRupees(week.costPaise) })),
    shrinkage,
  };
}
