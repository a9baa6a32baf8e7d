/**
 * The margin report's rules, pure (decision 0037): a product's sales are the taxable values of its
 * bill lines (each bill's own figures, from billing), its cost the packed quantity at the cost rate
 * kept when the line was packed, and its margin what is left after the cost of what was written
 * off. Paise and thousandths throughout; the presenter turns them into rupees and units.
 */
import { addDays, lineAmountPaise, shopDateOf, type Unit, unitOrDefault } from '@mandi/shared/kernel';

/** One goods line of a bill dated in the range, with its taxable value from the bill's figures. */
export interface SoldLine {
  productId: string | null;
  name: string;
  unit: string;
  /** Packed thousandths of the unit (the ordered ones for a line never weighed). */
  grams: number;
  taxablePaise: number;
  /** Paise per unit when packed; null when unknown. */
  costRatePaise: number | null;
  invoicedAt: Date;
}

export interface WastedLine {
  productId: string | null;
  name: string;
  unit: string;
  grams: number;
  costPaise: number;
  createdAt: Date;
}

export interface MarginSums {
  salesPaise: number;
  costPaise: number;
  wastedCostPaise: number;
}

export interface ProductMargin extends MarginSums {
  productId: string | null;
  name: string;
  unit: Unit;
  soldGrams: number;
  wastedGrams: number;
  uncostedGrams: number;
}

/** The cost of a packed line: quantity × cost rate, half up to the paisa, as a line amount is. */
export const lineCostPaise = (grams: number, costRatePaise: number | null) =>
  costRatePaise === null ? 0 : lineAmountPaise(costRatePaise, grams);

/** Sales − cost − the cost of what was written off. */
export const marginPaise = (sums: MarginSums) => sums.salesPaise - sums.costPaise - sums.wastedCostPaise;

/** Margin as a percentage of sales, one decimal, half away from zero; null without sales. */
export function marginPercent(sums: MarginSums): number | null {
  if (sums.salesPaise <= 0) return null;
  const tenths = (marginPaise(sums) * 1000) / sums.salesPaise;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
}

/** Every shop date from `from` to `to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** A product's key: the product, else (deleted) its name as sold; and its unit, as quantities only add within one. */
const keyOf = (line: { productId: string | null; name: string; unit: string }) =>
  `${line.productId ?? `name:${line.name}`}|${unitOrDefault(line.unit)}`;

/**
 * Rows per product (lowest margin first, then by name), the totals, and the margin per shop date
 * of the range (a bill on the date it was made, a write-off on the date it was entered).
 */
export interface MarginReport {
  rows: ProductMargin[];
  totals: MarginSums;
  days: (MarginSums & { date: string })[];
}

/**
 * The margin report, fed in parts: the lines of a year's bills are added a page at a time, so the
 * report is summed between other requests rather than in one stretch (decision 0039).
 */
export function marginTally(
  from: string,
  to: string,
): {
  addSold(lines: readonly SoldLine[]): void;
  addWasted(lines: readonly WastedLine[]): void;
  report(): MarginReport;
} {
  const rows = new Map<string, ProductMargin>();
  const rowOf = (line: { productId: string | null; name: string; unit: string }) => {
    const key = keyOf(line);
    let row = rows.get(key);
    if (!row) {
      row = {
        productId: line.productId,
        name: line.name,
        unit: unitOrDefault(line.unit),
        soldGrams: 0,
        salesPaise: 0,
        costPaise: 0,
        wastedGrams: 0,
        wastedCostPaise: 0,
        uncostedGrams: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  const days = new Map(
    datesOf(from, to).map((date) => [date, { date, salesPaise: 0, costPaise: 0, wastedCostPaise: 0 }]),
  );
  const totals: MarginSums = { salesPaise: 0, costPaise: 0, wastedCostPaise: 0 };
  return {
    addSold(sold) {
      for (const line of sold) {
        const row = rowOf(line);
        // The newest name a line was sold under names the product.
        row.name = line.name;
        const cost = lineCostPaise(line.grams, line.costRatePaise);
        row.soldGrams += line.grams;
        row.salesPaise += line.taxablePaise;
        row.costPaise += cost;
        if (line.costRatePaise === null) row.uncostedGrams += line.grams;
        totals.salesPaise += line.taxablePaise;
        totals.costPaise += cost;
        const day = days.get(shopDateOf(line.invoicedAt));
        if (day) {
          day.salesPaise += line.taxablePaise;
          day.costPaise += cost;
        }
      }
    },
    addWasted(wasted) {
      for (const line of wasted) {
        const row = rowOf(line);
        row.wastedGrams += line.grams;
        row.wastedCostPaise += line.costPaise;
        totals.wastedCostPaise += line.costPaise;
        const day = days.get(shopDateOf(line.createdAt));
        if (day) day.wastedCostPaise += line.costPaise;
      }
    },
    report() {
      const sorted = [...rows.values()].sort(
        (a, b) => marginPaise(a) - marginPaise(b) || a.name.localeCompare(b.name, 'en') || a.unit.localeCompare(b.unit),
      );
      return { rows: sorted, totals, days: [...days.values()] };
    },
  };
}
