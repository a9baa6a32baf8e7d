/**
 * The bill being made: its lines (quantity × rate = amount, Change and Remove each), the subtotal,
 * the round-off and the total as the server bills them; Hold puts the bill aside for the next
 * shopper, and the held bills wait below to be resumed.
 */
import { formatSignedRupees } from '@mandi/shared';
import { type OrderTotals, paiseToRupees, quantityNumber, shopClockOf } from '@mandi/shared/kernel';
import { useId } from 'react';
import { formatInUnit, formatRupees, unitName, useT } from '../../../lib/i18n';
import { type BillLine, billTotals, lineAmount } from '../bill';
import { counterTexts as x } from '../counter.texts';
import type { HeldBill } from '../use-counter-store';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export function BillPanel({
  lines,
  totals,
  onChange,
  onRemove,
  onHold,
}: {
  lines: readonly BillLine[];
  totals: OrderTotals;
  onChange: (line: BillLine) => void;
  onRemove: (line: BillLine) => void;
  onHold: () => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t(x.bill)}
        </h2>
        <button type="button" onClick={onHold} disabled={lines.length === 0} className="btn-secondary min-h-12 px-4">
          {t(x.hold)} <kbd className="text-xs">F8</kbd>
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="text-stone-700">{t(x.emptyBill)}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200" aria-label={t(x.bill)}>
          {lines.map((line) => (
            <li key={line.productId} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">
                  {line.name}
                  {/* A space, so the names are two words to a screen reader too, not one. */}
                  {line.nameHi && ' '}
                  {line.nameHi && (
                    <span lang="hi" className="ms-1 font-normal text-stone-700">
                      {line.nameHi}
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-700">
                  {t(x.lineQuantity, {
                    quantity: formatInUnit(quantityNumber(line.thousandths), line.unit),
                    rate: rupees(line.ratePaise),
                    unit: unitName(line.unit),
                  })}
                </p>
              </div>
              <p className="font-semibold text-stone-900">{rupees(lineAmount(line))}</p>
              <div className="flex gap-1">
                <button
                  type="button"
                  onClick={() => onChange(line)}
                  aria-label={t(x.changeLine, { name: line.name })}
                  className="min-h-12 min-w-12 rounded-full border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100"
                >
                  ✎
                </button>
                <button
                  type="button"
                  onClick={() => onRemove(line)}
                  aria-label={t(x.removeLine, { name: line.name })}
                  className="min-h-12 min-w-12 rounded-full border border-red-300 px-3 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-200 pt-2">
        <dt className="text-stone-700">{t(x.subtotal)}</dt>
        <dd className="text-right text-stone-900">{rupees(totals.subtotalPaise)}</dd>
        {totals.roundOffPaise !== 0 && (
          <>
            <dt className="text-stone-700">{t(x.roundOff)}</dt>
            <dd className="text-right text-stone-900">{formatSignedRupees(paiseToRupees(totals.roundOffPaise))}</dd>
          </>
        )}
        <dt className="text-xl font-bold text-stone-900">{t(x.total)}</dt>
        <dd className="text-right text-2xl font-bold text-green-800" data-testid="bill-total">
          {rupees(totals.totalPaise)}
        </dd>
      </dl>
    </section>
  );
}

export function HeldBills({ held, onResume }: { held: readonly HeldBill[]; onResume: (held: HeldBill) => void }) {
  const t = useT();
  const headingId = useId();
  if (held.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-2 p-3 sm:p-4">
      <h2 id={headingId} className="font-bold text-stone-900">
        {t(x.heldBills)}
      </h2>
      <ul className="flex flex-col gap-2">
        {held.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-stone-800">
              {t(x.heldBill, {
                count: entry.bill.lines.length,
                amount: rupees(billTotals(entry.bill.lines).totalPaise),
                time: shopClockOf(new Date(entry.heldAt)),
              })}
            </span>
            <button type="button" onClick={() => onResume(entry)} className="btn-secondary min-h-12 px-4">
              {t(x.resume)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
