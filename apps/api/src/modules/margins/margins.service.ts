/**
 * The margin report (decision 0037): per product over the bills dated in a range (cancelled ones
 * left out), each bill's lines valued by billing's own figures so the sales are the register's
 * taxable values to the paisa, less the cost kept when each line was packed and the cost of what
 * was written off.
 */
import { addDays, shopDateOf, shopDayRange } from '@mandi/shared/kernel';
import { MARGIN_MAX_DAYS, type MarginAnswer } from '@mandi/shared/schemas';
import { serverMessage } from '@mandi/shared/server-messages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { type BillShop, billPages } from '../billing/billing.service.js';
import { presentMargin } from './margins.presenter.js';
import * as repo from './margins.repository.js';
import { marginTally, type SoldLine } from './margins.rules.js';

/** The Monday of a shop date's week. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The range asked for: to defaults to today, from to the Monday of to's week (shop time). */
export function marginRange(now: Date, query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > shopDateOf(now) ? query.from : shopDateOf(now));
  const from = query.from ?? mondayOf(to);
  if (from > to || addDays(from, MARGIN_MAX_DAYS - 1) < to) {
    throw new AppError('invalid', serverMessage('reportRangeInvalid', { days: MARGIN_MAX_DAYS }));
  }
  return { from, to };
}

/** The report of a range `marginRange` resolved. */
export async function getMarginReport(
  db: Db,
  shop: BillShop,
  { from, to }: { from: string; to: string },
): Promise<MarginAnswer> {
  const start = shopDayRange(from).from;
  const end = shopDayRange(to).to;
  const tally = marginTally(from, to);
  // Up to a year of bills: summed a page at a time, the loop given back between pages (decision 0039).
  for await (const bills of billPages(db, shop, start, end, { withCancelled: false })) {
    const sold: SoldLine[] = [];
    for (const bill of bills) {
      // The goods lines come first in the figures, in the order they were given (then the delivery charge).
      bill.lines.forEach((line, index) => {
        // A line packed with a substitute sold the substitute (decision 0043): its product, its cost.
        const substituted = line.substituteName !== null;
        sold.push({
          productId: substituted ? line.substituteProductId : line.productId,
          name: line.substituteName ?? line.name,
          unit: line.unit,
          grams: line.packedGrams ?? line.quantityGrams,
          taxablePaise: bill.figures.lines[index]?.taxablePaise ?? 0,
          costRatePaise: line.costRatePaise,
          invoicedAt: bill.order.invoicedAt ?? bill.order.createdAt,
        });
      });
    }
    tally.addSold(sold);
  }
  tally.addWasted(await repo.findWastage(db, start, end));
  return presentMargin(from, to, tally.report());
}
