/** The dashboard's figures on the wire: rupees and quantities in their own units from the repository's paise and thousandths. */
import { formatMinuteOfDay, slotIdOf } from '@mandi/shared/delivery';
import { paiseToRupees, quantityNumber, UNITS, type Unit } from '@mandi/shared/kernel';
import type {
  DashboardTodayAnswer,
  DashboardTopProductsAnswer,
  LowStock,
  TodayFigures,
  UnitQuantity,
} from '@mandi/shared/schemas';
import type {
  ByUnit,
  LowStockRow,
  TakingsRows,
  TodayGroupRow,
  TodayRows,
  TopProductRow,
} from './dashboard.repository.js';

type Sums = Pick<TodayGroupRow, 'toPack' | 'packed' | 'toPackByUnit' | 'cashPaise'>;

const NONE: Sums = { toPack: 0, packed: 0, toPackByUnit: {}, cashPaise: 0 };

/** Per unit, never across units. */
const addByUnit = (a: ByUnit, b: ByUnit): ByUnit => {
  const sum: ByUnit = { ...a };
  for (const unit of UNITS) if (b[unit] !== undefined) sum[unit] = (sum[unit] ?? 0) + (b[unit] ?? 0);
  return sum;
};

const add = (a: Sums, b: Sums): Sums => ({
  toPack: a.toPack + b.toPack,
  packed: a.packed + b.packed,
  toPackByUnit: addByUnit(a.toPackByUnit, b.toPackByUnit),
  cashPaise: a.cashPaise + b.cashPaise,
});

/** The units that have something, in the kernel's order (kg, litre, piece, dozen, bunch, pack). */
const unitQuantities = (byUnit: ByUnit): UnitQuantity[] =>
  UNITS.flatMap((unit) => {
    const thousandths = byUnit[unit] ?? 0;
    return thousandths > 0 ? [{ unit, quantity: quantityNumber(thousandths) }] : [];
  });

const figures = (sums: Sums): TodayFigures => ({
  ordersToPack: sums.toPack,
  ordersPacked: sums.packed,
  kgToPack: quantityNumber(sums.toPackByUnit.kg ?? 0),
  toPackByUnit: unitQuantities(sums.toPackByUnit),
  cashToCollect: paiseToRupees(sums.cashPaise),
});

/** The products low on stock with the mark of every unit, in the kernel's order of units. */
export function presentLowStock(rows: readonly LowStockRow[], below: Readonly<Record<Unit, number>>): LowStock {
  return {
    below: UNITS.map((unit) => ({ unit, quantity: quantityNumber(below[unit]) })),
    products: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      unit: row.unit,
      stock: quantityNumber(row.thousandths),
    })),
  };
}

/**
 * One row per slot of today: every template that runs today (with no orders yet: zeros), and any
 * template today's orders booked that no longer runs today or no longer exists (by the times the
 * orders copied), by start time.
 */
export function presentToday(
  date: string,
  rows: TodayRows,
  takings: TakingsRows,
  complaints: { open: number; overdue: number },
  lowStock: LowStock,
): Omit<DashboardTodayAnswer, 'success'> {
  const byTemplate = new Map(rows.groups.flatMap((group) => (group.templateId ? [[group.templateId, group]] : [])));
  const slots = new Map<string, { start: number; end: number; sums: Sums }>();
  for (const template of rows.templates) {
    slots.set(template.id, {
      start: template.startMinute,
      end: template.endMinute,
      sums: byTemplate.get(template.id) ?? NONE,
    });
  }
  for (const [id, group] of byTemplate) {
    if (!slots.has(id)) slots.set(id, { start: group.startMinute ?? 0, end: group.endMinute ?? 0, sums: group });
  }
  const ordered = [...slots.entries()].sort(
    ([idA, a], [idB, b]) => a.start - b.start || a.end - b.end || idA.localeCompare(idB),
  );
  const unslotted = rows.groups.find((group) => group.templateId === null) ?? NONE;
  const total = ordered.reduce((sum, [, slot]) => add(sum, slot.sums), unslotted);
  return {
    date,
    slots: ordered.map(([id, slot]) => ({
      slotId: slotIdOf(id, date),
      start: formatMinuteOfDay(slot.start),
      end: formatMinuteOfDay(slot.end),
      ...figures(slot.sums),
    })),
    unslotted: figures(unslotted),
    totals: figures(total),
    unpaidBills: { count: rows.unpaid.count, amount: paiseToRupees(rows.unpaid.paise) },
    takings: {
      online: { payments: takings.online.payments, amount: paiseToRupees(takings.online.paise) },
      counter: {
        sales: takings.counter.sales,
        amount: paiseToRupees(takings.counter.paise),
        cash: paiseToRupees(takings.counter.cashPaise),
        upi: paiseToRupees(takings.counter.upiPaise),
        khata: paiseToRupees(takings.counter.khataPaise),
      },
    },
    overdueComplaints: complaints.overdue,
    openComplaints: complaints.open,
    lowStock,
  };
}

/** The top products of the shop dates `from` to `to`, as read at `asOf`. */
export function presentTopProducts(
  from: string,
  to: string,
  asOf: Date,
  rows: readonly TopProductRow[],
): Omit<DashboardTopProductsAnswer, 'success'> {
  return {
    from,
    to,
    figuresAsOf: asOf.toISOString(),
    products: rows.map((row) => ({
      productId: row.productId,
      name: row.name,
      unit: row.unit,
      quantity: quantityNumber(row.thousandths),
      amount: paiseToRupees(row.paise),
    })),
  };
}
