/** Purchases, suppliers and wastage in the API's shapes (decision 0035): rupees and quantities in the unit. */
import { basisPointsToPercent, paiseToRupees, shopDateOf, shrinkagePercent } from '@mandi/shared/kernel';
import type { Purchase, Supplier, WastageEntry } from '@mandi/shared/schemas';
import type { PurchaseWithParts, SupplierTotals, WastageRow } from './purchases.repository.js';

const units = (grams: number) => grams / 1000;

export function presentPurchase({ purchase, supplierName, lines, charges }: PurchaseWithParts): Purchase {
  return {
    _id: purchase.id,
    supplier: { _id: purchase.supplierId, name: supplierName },
    date: String(purchase.date).slice(0, 10),
    commissionPercent: basisPointsToPercent(purchase.commissionBasisPoints),
    charges: charges.map((charge) => ({ label: charge.label, amount: paiseToRupees(charge.amountPaise) })),
    lines: lines.map((line) => ({
      _id: line.id,
      productId: line.productId,
      name: line.productName,
      unit: line.unit,
      grossQuantity: units(line.grossGrams),
      tareQuantity: units(line.tareGrams),
      netQuantity: units(line.netGrams),
      rate: paiseToRupees(line.ratePaise),
      value: paiseToRupees(line.valuePaise),
      commission: paiseToRupees(line.commissionPaise),
      charges: paiseToRupees(line.chargesPaise),
      landedCost: paiseToRupees(line.landedPaise),
      landedRate: paiseToRupees(line.landedRatePaise),
    })),
    value: paiseToRupees(purchase.valuePaise),
    commission: paiseToRupees(purchase.commissionPaise),
    chargesTotal: paiseToRupees(purchase.chargesPaise),
    total: paiseToRupees(purchase.totalPaise),
    createdAt: purchase.createdAt.toISOString(),
  };
}

export function presentSupplier(row: SupplierTotals): Supplier {
  return {
    _id: row.id,
    name: row.name,
    balance: paiseToRupees(row.purchasedPaise - row.paidPaise),
    purchased: paiseToRupees(row.purchasedPaise),
    paid: paiseToRupees(row.paidPaise),
    lastPurchaseDate: row.lastPurchaseDate,
  };
}

export function presentWastage(row: WastageRow): WastageEntry {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.productName,
    unit: row.unit,
    quantity: units(row.quantityGrams),
    reason: row.reason,
    note: row.note,
    costRate: row.costRatePaise === null ? null : paiseToRupees(row.costRatePaise),
    cost: paiseToRupees(row.costPaise),
    date: shopDateOf(row.createdAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ShrinkageRow {
  productId: string | null;
  name: string;
  unit: string;
  wastedGrams: number;
  boughtGrams: number;
  costPaise: number;
}

export function presentShrinkage(row: ShrinkageRow) {
  return {
    productId: row.productId,
    name: row.name,
    unit: row.unit,
    wasted: units(row.wastedGrams),
    bought: units(row.boughtGrams),
    cost: paiseToRupees(row.costPaise),
    percent: shrinkagePercent(row.wastedGrams, row.boughtGrams),
  };
}
