/**
 * The bill being made at the counter, pure: its lines (one per product, in thousandths of the
 * unit), its totals as the server will bill them (the kernel's order totals, rounded to the rupee
 * as every final bill), its tenders in paise, and the sale's request built from them, in ₹ and
 * the product's unit as the wire wants them.
 */
import {
  changePaise,
  counterQuantityLimits,
  duePaise,
  isCounterQuantity,
  lineAmountPaise,
  type OrderTotals,
  orderTotals,
  paiseToRupees,
  quantityNumber,
  rupeesToPaise,
  type TenderInPaise,
  type Unit,
  unitOrDefault,
} from '@mandi/shared/kernel';
import type { CounterProduct, SaleLineBody, TenderBody } from './api/counter-types';
import type { SaleDraft } from './sale-queue';

/** How a line's quantity was taken: typed, read from the scale, or from a scanned label. */
export type LineSource = SaleLineBody['source'];

export interface BillLine {
  productId: string;
  name: string;
  nameHi: string | null;
  unit: Unit;
  /** Paise per unit, as the kept catalogue had it when the line was added. */
  ratePaise: number;
  thousandths: number;
  /** Typed when absent (a line kept before the scale came). */
  source?: LineSource;
}

export interface Bill {
  lines: BillLine[];
  customerId: string | null;
  tenders: TenderInPaise[];
}

export const emptyBill = (): Bill => ({ lines: [], customerId: null, tenders: [] });

/**
 * A kept product's rate at `at` (₹): a scheduled change once it is due, as the server prices a
 * sale at the rate in force when it was made, also when the counter was offline at that moment.
 */
export function rateAt(product: Pick<CounterProduct, 'rate' | 'scheduled'>, at: Date): number {
  const change = product.scheduled;
  return change && at.getTime() >= new Date(change.at).getTime() ? change.rate : product.rate;
}

/** A catalogue product as a line's product (its rate in paise at `at`, its unit checked). */
export function lineProduct(product: CounterProduct, at: Date = new Date()): Omit<BillLine, 'thousandths'> {
  return {
    productId: product._id,
    name: product.name,
    nameHi: product.nameHi,
    unit: unitOrDefault(product.unit),
    ratePaise: rupeesToPaise(rateAt(product, at)),
  };
}

export const lineAmount = (line: BillLine) => lineAmountPaise(line.ratePaise, line.thousandths);

/** The bill's totals: the lines, rounded to the rupee as the server's final bill is. */
export function billTotals(lines: readonly BillLine[]): OrderTotals {
  return orderTotals(
    lines.reduce((sum, line) => sum + lineAmount(line), 0),
    { isFinal: true },
  );
}

export type AddResult = { lines: BillLine[] } | { tooMuch: number };

/**
 * The lines with `thousandths` more of a product: a product already on the bill gets the sum (one
 * line per product), unless the sum is past the counter's limit (the most a line may hold).
 */
export function addToLines(
  lines: readonly BillLine[],
  product: Omit<BillLine, 'thousandths' | 'source'>,
  thousandths: number,
  source: LineSource = 'manual',
): AddResult {
  const existing = lines.find((line) => line.productId === product.productId);
  if (!existing) return { lines: [...lines, { ...product, thousandths, source }] };
  const sum = existing.thousandths + thousandths;
  if (!isCounterQuantity(existing.unit, sum)) return { tooMuch: counterQuantityLimits(existing.unit).max };
  // A line partly typed is a typed line: only a quantity wholly read from the scale or labels says so.
  const merged = (existing.source ?? 'manual') === source ? source : 'manual';
  return { lines: lines.map((line) => (line === existing ? { ...line, thousandths: sum, source: merged } : line)) };
}

export function setLineQuantity(
  lines: readonly BillLine[],
  productId: string,
  thousandths: number,
  source: LineSource = 'manual',
): BillLine[] {
  return lines.map((line) => (line.productId === productId ? { ...line, thousandths, source } : line));
}

export function removeLine(lines: readonly BillLine[], productId: string): BillLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** What the tenders leave due of the bill, and the change of its cash. */
export function billPayment(bill: Bill): { totalPaise: number; duePaise: number; changePaise: number } {
  const { totalPaise } = billTotals(bill.lines);
  return { totalPaise, duePaise: duePaise(totalPaise, bill.tenders), changePaise: changePaise(bill.tenders) };
}

export function saleLines(lines: readonly BillLine[]): SaleLineBody[] {
  return lines.map((line) => ({
    productId: line.productId,
    quantity: quantityNumber(line.thousandths),
    source: line.source ?? 'manual',
  }));
}

export function saleTenders(tenders: readonly TenderInPaise[]): TenderBody[] {
  return tenders.map((tender) => ({
    method: tender.method,
    amount: paiseToRupees(tender.amountPaise),
    ...(tender.method === 'Cash' && tender.receivedPaise != null
      ? { received: paiseToRupees(tender.receivedPaise) }
      : {}),
  }));
}

/** The sale's request, but for the device and the number the queue gives it. */
export function saleDraft(bill: Bill, soldAt: Date, offline: boolean): SaleDraft {
  return {
    soldAt: soldAt.toISOString(),
    offline,
    customerId: bill.customerId,
    lines: saleLines(bill.lines),
    tenders: saleTenders(bill.tenders),
  };
}
