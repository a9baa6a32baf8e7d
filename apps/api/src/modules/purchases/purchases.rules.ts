/**
 * The rules of buying at the mandi and wastage (decision 0035), pure and unit-tested: a purchase's
 * lines checked and costed with the kernel's landed cost, the stock and moving-average cost each
 * product ends with, the range of dates a list reads, and the weekly totals of wastage.
 */
import {
  addDays,
  type LandedPurchase,
  landedCost,
  movingAverageCostRate,
  percentToBasisPoints,
  rupeesToPaise,
} from '@mandi/shared/kernel';
import { PURCHASES_MAX_DAYS } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';

/** The largest value a paise or grams column holds (PostgreSQL integer). */
export const INTEGER_MAX = 2_147_483_647;

/** Quantities in the unit with at most 3 decimals as thousandths. */
export const unitsToGrams = (quantity: number): number => Math.round(quantity * 1000);

export interface PurchaseInput {
  commissionPercent: number;
  charges: { label: string; amount: number }[];
  lines: { productId: string; grossQuantity: number; tareQuantity: number; rate: number }[];
}

export interface CostedPurchase {
  commissionBasisPoints: number;
  lines: { productId: string; grossGrams: number; tareGrams: number; ratePaise: number }[];
  charges: { label: string; amountPaise: number }[];
  landed: LandedPurchase;
}

/**
 * Converts a purchase to integers and costs it; a line whose tare is not below its gross, or a
 * figure too large to keep, is the coded problem (lines are numbered from 1).
 */
export function costPurchase(input: PurchaseInput): { purchase: CostedPurchase } | { problem: CodedMessage } {
  const lines = input.lines.map((line) => ({
    productId: line.productId,
    grossGrams: unitsToGrams(line.grossQuantity),
    tareGrams: unitsToGrams(line.tareQuantity),
    ratePaise: rupeesToPaise(line.rate),
  }));
  const bad = lines.findIndex((line) => line.tareGrams >= line.grossGrams);
  if (bad >= 0) {
    const line = input.lines[bad];
    return {
      problem: serverMessage('purchaseNetPositive', {
        line: bad + 1,
        tare: line?.tareQuantity ?? 0,
        gross: line?.grossQuantity ?? 0,
      }),
    };
  }
  const charges = input.charges.map((charge) => ({ label: charge.label, amountPaise: rupeesToPaise(charge.amount) }));
  const commissionBasisPoints = percentToBasisPoints(input.commissionPercent);
  const landed = landedCost(
    lines,
    commissionBasisPoints,
    charges.map((charge) => charge.amountPaise),
  );
  const tooLarge = landed.lines.findIndex((line) => line.landedPaise > INTEGER_MAX);
  if (tooLarge >= 0) return { problem: serverMessage('purchaseTooLarge', { line: tooLarge + 1 }) };
  if (landed.totalPaise > INTEGER_MAX) return { problem: serverMessage('purchaseTooLarge', { line: lines.length }) };
  return { purchase: { commissionBasisPoints, lines, charges, landed } };
}

export interface ProductStock {
  stockGrams: number;
  costRatePaise: number | null;
}

/**
 * The stock and cost each product ends with after the purchase's lines, taken in order (two lots of
 * one product move its average twice); a stock too large to keep is refused with the line's number.
 */
export function stockAfterPurchase(
  before: ReadonlyMap<string, ProductStock>,
  purchase: CostedPurchase,
): { after: Map<string, ProductStock> } | { problem: CodedMessage } {
  const after = new Map([...before].map(([id, stock]) => [id, { ...stock }]));
  for (const [index, line] of purchase.lines.entries()) {
    const costed = purchase.landed.lines[index];
    const stock = after.get(line.productId);
    if (!stock || !costed) continue;
    const stockGrams = stock.stockGrams + costed.netGrams;
    if (stockGrams > INTEGER_MAX) return { problem: serverMessage('purchaseTooLarge', { line: index + 1 }) };
    after.set(line.productId, {
      stockGrams,
      costRatePaise: movingAverageCostRate(stock.stockGrams, stock.costRatePaise, costed.netGrams, costed.landedPaise),
    });
  }
  return { after };
}

/** The dates a list reads: given or the 30 days up to today; from after to, or too long, is the coded problem. */
export function listRange(
  today: string,
  query: { from?: string; to?: string },
): { from: string; to: string } | { problem: CodedMessage } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  if (from > to || addDays(from, PURCHASES_MAX_DAYS - 1) < to) {
    return { problem: serverMessage('purchasesRangeInvalid', { days: PURCHASES_MAX_DAYS }) };
  }
  return { from, to };
}

/** The Monday of a shop date's week (weeks run Monday to Sunday). */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** Totals per week of entries (shop date, paise), newest week first. */
export function weeklyTotals(
  entries: readonly { date: string; costPaise: number }[],
): { weekStart: string; entries: number; costPaise: number }[] {
  const weeks = new Map<string, { entries: number; costPaise: number }>();
  for (const entry of entries) {
    const week = weekStartOf(entry.date);
    const total = weeks.get(week) ?? { entries: 0, costPaise: 0 };
    total.entries += 1;
    total.costPaise += entry.costPaise;
    weeks.set(week, total);
  }
  return [...weeks].sort(([a], [b]) => (a < b ? 1 : -1)).map(([weekStart, total]) => ({ weekStart, ...total }));
}
