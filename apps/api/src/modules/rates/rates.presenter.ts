/** The rate board's rows as the API answers them (rupees on the wire, paise inside). */
import { marginPercent, paiseToRupees, type Unit } from '@mandi/shared/kernel';
import type { PublicRate, RateChange, RateListLanguage, RateRow } from '@mandi/shared/schemas';
import type { BoardRow, HistoryRow } from './rates.repository.js';
import { listedName } from './rates.rules.js';

const rupeesOrNull = (paise: number | null): number | null => (paise === null ? null : paiseToRupees(paise));

export function presentRateRow(row: BoardRow): RateRow {
  return {
    productId: row.productId,
    name: row.name,
    unit: row.unit as Unit,
    category: row.category,
    rate: paiseToRupees(row.ratePaise),
    previousRate: rupeesOrNull(row.previousRatePaise),
    costRate: rupeesOrNull(row.costRatePaise),
    marginPercent: marginPercent(row.ratePaise, row.costRatePaise),
    scheduled:
      row.scheduledRatePaise !== null && row.scheduledAt !== null
        ? { rate: paiseToRupees(row.scheduledRatePaise), effectiveAt: row.scheduledAt.toISOString() }
        : null,
  };
}

export function presentPublicRate(row: BoardRow, language: RateListLanguage): PublicRate {
  return {
    productId: row.productId,
    name: listedName(row.name, row.aliases, language),
    unit: row.unit as Unit,
    category: row.category,
    rate: paiseToRupees(row.ratePaise),
  };
}

export function presentChange(row: HistoryRow): RateChange {
  const appliedAt = row.appliedAt ?? row.effectiveAt;
  const name = row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();
  return {
    _id: row.id,
    productId: row.productId,
    oldRate: paiseToRupees(row.oldRatePaise ?? row.newRatePaise),
    newRate: paiseToRupees(row.newRatePaise),
    changedAt: appliedAt.toISOString(),
    scheduled: row.effectiveAt.getTime() > row.createdAt.getTime(),
    changedBy: name,
  };
}
