/** The margin report on the wire (rupees and units) and as CSV for a spreadsheet (decision 0037). */
import { csvLines, csvRupees as money, paiseToRupees, quantityNumber } from '@mandi/shared/kernel';
import type { MarginAnswer, MarginFigures } from '@mandi/shared/schemas';
import { csvSlices } from '../../lib/csv-stream.js';
import { type MarginReport, type MarginSums, marginPaise, marginPercent } from './margins.rules.js';

function figures(sums: MarginSums): MarginFigures {
  return {
    sales: paiseToRupees(sums.salesPaise),
    cost: paiseToRupees(sums.costPaise),
    wastedCost: paiseToRupees(sums.wastedCostPaise),
    margin: paiseToRupees(marginPaise(sums)),
    marginPercent: marginPercent(sums),
  };
}

export function presentMargin(from: string, to: string, report: MarginReport): MarginAnswer {
  return {
    success: true,
    from,
    to,
    rows: report.rows.map((row) => ({
      productId: row.productId,
      name: row.name,
      unit: row.unit,
      soldQuantity: quantityNumber(row.soldGrams),
      ...figures(row),
      wastedQuantity: quantityNumber(row.wastedGrams),
      uncostedQuantity: quantityNumber(row.uncostedGrams),
    })),
    totals: figures(report.totals),
    days: report.days.map((day) => ({ date: day.date, ...figures(day) })),
  };
}

/**
 * The report as CSV: UTF-8 with a byte order mark, CRLF, one row per product and a total row;
 * names defused against formulas by the kernel's CSV (as in the bills register), figures as numbers.
 * In pieces for `sendCsv`: joined, they are the whole file.
 */
export function* marginCsv(report: MarginAnswer): Generator<string> {
  const header = [
    'Product',
    'Unit',
    'Sold',
    'Sales (taxable value)',
    'Cost',
    'Wasted',
    'Wasted cost',
    'Margin',
    'Margin %',
    'Sold without cost',
  ];
  const rows = report.rows.map((row) => [
    row.name,
    row.unit,
    row.soldQuantity,
    money(row.sales),
    money(row.cost),
    row.wastedQuantity,
    money(row.wastedCost),
    money(row.margin),
    row.marginPercent ?? '',
    row.uncostedQuantity,
  ]);
  const { totals } = report;
  rows.push([
    `Total ${report.from} to ${report.to}`,
    '',
    '',
    money(totals.sales),
    money(totals.cost),
    '',
    money(totals.wastedCost),
    money(totals.margin),
    totals.marginPercent ?? '',
    '',
  ]);
  // A year of 10,000 products: written a slice of rows at a time (decision 0039).
  yield `\uFEFF${csvLines([header])}`;
  yield* csvSlices(rows);
}
