/**
 * Bill numbers (decision 0055): `{series}/{YY-YY}/{seq}`, the Indian financial year (April to
 * March, in shop time) and a 6-digit count from 000001 each year, at most 16 characters with a
 * series of 1-3, the most CGST rule 46(b) allows. The server numbers online bills with it, and a
 * counter device numbers its own bills with it, offline too, so the number printed at the counter
 * is the bill's final one: `MND/26-27/000001`, `C1/26-27/000042`.
 */
import { shopMonthOf } from './shop-time.js';

/** The Indian financial year (April to March, shop time) of an instant: `2026-27`. */
export function financialYearOf(instant: Date): string {
  const [year, month] = shopMonthOf(instant).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `{series}/{26-27}/{000001}` for the financial year `2026-27`. */
export function formatInvoiceNumber(series: string, financialYear: string, seq: number): string {
  return `${series}/${financialYear.slice(2)}/${String(seq).padStart(6, '0')}`;
}
