/**
 * The GST return (decision 0037): GSTR-1 of a month for a GST-registered shop, from the month's
 * bills as billing computes them, with the bills register of the same month beside it and the
 * warnings for what the GST portal would reject.
 */
import {
  addMonths,
  GST_STATE_CODES,
  paiseToRupees,
  rupeesToPaise,
  shopMonthOf,
  shopMonthRange,
} from '@mandi/shared/kernel';
import type { Gstr1Answer, Gstr1Return } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  type BillShop,
  type BillWithFigures,
  billPages,
  billsRegister,
  lastBillSeqBefore,
} from '../billing/billing.service.js';
import { buildGstr1 } from './gst-return.rules.js';

/** The return period filed by default: last month in shop time, as MMYYYY. */
export function defaultPeriod(now: Date): string {
  const [year, month] = addMonths(shopMonthOf(now), -1).split('-') as [string, string];
  return `${month}${year}`;
}

/** `MMYYYY` → `YYYY-MM`, and the month's instants [from, to) in shop time. */
export function periodMonth(period: string): { month: string; from: Date; to: Date } {
  const month = `${period.slice(2)}-${period.slice(0, 2)}`;
  return { month, ...shopMonthRange(month) };
}

/** The month's bills, cancelled ones too, read a page at a time (decision 0039). */
async function allBills(db: Db, shop: BillShop, from: Date, to: Date): Promise<BillWithFigures[]> {
  const bills: BillWithFigures[] = [];
  for await (const page of billPages(db, shop, from, to, { withCancelled: true })) bills.push(...page);
  return bills;
}

/** The return of `period` (MMYYYY, as `defaultPeriod` or the query gave it). */
export async function getGstr1(
  db: Db,
  shop: BillShop,
  period: string,
): Promise<{ answer: Gstr1Answer; file: Gstr1Return }> {
  const gstin = shop.gstin;
  if (!gstin) throw new AppError('conflict', serverMessage('gstNoGstin'));
  const { month, from, to } = periodMonth(period);
  const [bills, register] = await Promise.all([allBills(db, shop, from, to), billsRegister(db, shop, month)]);
  // The number before each series' first bill of the month, to see a gap at the month's start.
  const firsts = new Map<string, { year: string; seq: number }>();
  for (const { order } of bills) {
    if (!order.invoiceSeries || order.invoiceSeq === null || !order.invoiceYear) continue;
    const first = firsts.get(order.invoiceSeries);
    if (!first || order.invoiceSeq < first.seq) {
      firsts.set(order.invoiceSeries, { year: order.invoiceYear, seq: order.invoiceSeq });
    }
  }
  const seqBefore = new Map(
    await Promise.all(
      [...firsts].map(
        async ([series, first]) => [series, await lastBillSeqBefore(db, series, first.year, first.seq)] as const,
      ),
    ),
  );
  const built = buildGstr1({
    gstin,
    period,
    shopStateCode: gstin.slice(0, 2) || (GST_STATE_CODES[shop.state] ?? ''),
    bills: bills.map(({ order, figures }) => ({
      invoiceNumber: order.invoiceNumber ?? '',
      invoiceSeq: order.invoiceSeq ?? 0,
      isCancelled: order.status === 'Cancelled',
      figures,
    })),
    seqBefore,
  });
  const { totals } = built;
  const byRate = [...totals.byRate].sort(([a], [b]) => a - b);
  const registerByRate = new Map(register.totals.taxByRate.map((entry) => [entry.rate, entry]));
  const reconciled =
    rupeesToPaise(register.totals.taxableValue) === totals.txval &&
    rupeesToPaise(register.totals.tax) === totals.iamt + totals.camt + totals.samt &&
    byRate.length === registerByRate.size &&
    byRate.every(([rate, sums]) => {
      const entry = registerByRate.get(rate);
      return (
        entry !== undefined && rupeesToPaise(entry.taxableValue) === sums.txval && rupeesToPaise(entry.tax) === sums.tax
      );
    });
  const cancelled = register.bills.filter((bill) => bill.status === 'Cancelled').length;
  const answer: Gstr1Answer = {
    success: true,
    ...built.file,
    month,
    totals: {
      taxableValue: paiseToRupees(totals.txval),
      tax: paiseToRupees(totals.iamt + totals.camt + totals.samt),
      igst: paiseToRupees(totals.iamt),
      cgst: paiseToRupees(totals.camt),
      sgst: paiseToRupees(totals.samt),
      taxByRate: byRate.map(([rate, sums]) => ({
        rate,
        taxableValue: paiseToRupees(sums.txval),
        tax: paiseToRupees(sums.tax),
      })),
    },
    register: {
      taxableValue: register.totals.taxableValue,
      tax: register.totals.tax,
      taxByRate: register.totals.taxByRate,
      roundOff: register.totals.roundOff ?? 0,
      total: register.totals.total,
      bills: register.bills.length,
      cancelled,
    },
    reconciled,
    warnings: built.warnings.map((warning) => ({ ...warning, values: { ...warning.values } })),
  };
  return { answer, file: built.file };
}
