/** The "today" figures on the wire: rupees and kg from the repository's paise and grams. */
import { formatMinuteOfDay, slotIdOf } from '@mandi/shared/delivery';
import { paiseToRupees } from '@mandi/shared/kernel';
import type { DashboardTodayAnswer, TodayFigures } from '@mandi/shared/schemas';
import type { TodayGroupRow, TodayRows } from './dashboard.repository.js';

type Sums = Pick<TodayGroupRow, 'toPack' | 'packed' | 'gramsToPack' | 'cashPaise'>;

const NONE: Sums = { toPack: 0, packed: 0, gramsToPack: 0, cashPaise: 0 };

const add = (a: Sums, b: Sums): Sums => ({
  toPack: a.toPack + b.toPack,
  packed: a.packed + b.packed,
  gramsToPack: a.gramsToPack + b.gramsToPack,
  cashPaise: a.cashPaise + b.cashPaise,
});

const figures = (sums: Sums): TodayFigures => ({
  ordersToPack: sums.toPack,
  ordersPacked: sums.packed,
  kgToPack: sums.gramsToPack / 1000,
  cashToCollect: paiseToRupees(sums.cashPaise),
});

/**
 * One row per slot of today: every template that runs today (with no orders yet: zeros), and any
 * template today's orders booked that no longer runs today or no longer exists (by the times the
 * orders copied), by start time.
 */
export function presentToday(
  date: string,
  rows: TodayRows,
  complaints: { open: number; overdue: number } = { open: 0, overdue: 0 },
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
    overdueComplaints: complaints.overdue,
    openComplaints: complaints.open,
  };
}
