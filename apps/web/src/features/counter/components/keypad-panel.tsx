/**
 * The keypad: the chosen product, what is typed (a quantity in its unit, or in ₹ mode the amount
 * asked for, with the quantity it comes to), the keys (each at least 48 px) and Add. The physical
 * keyboard types into it too (the page routes digits, `.` and Backspace here).
 */
import { paiseToRupees, quantityNumber } from '@mandi/shared/kernel';
import { type RefObject, useId } from 'react';
import { formatInUnit, formatRupees, unitName, useT } from '../../../lib/i18n';
import type { BillLine } from '../bill';
import { counterTexts as x } from '../counter.texts';
import { canTypeRupees, type KeypadMode, type KeypadReading } from '../keypad';

const KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '.', '0', 'Backspace'] as const;

export interface Chosen {
  product: Omit<BillLine, 'thousandths'>;
  /** Changing a line already on the bill (Add replaces its quantity). */
  isChange: boolean;
}

export function KeypadPanel({
  chosen,
  entry,
  mode,
  reading,
  problem,
  displayRef,
  onKey,
  onAdd,
  onClear,
  onToggleRupees,
}: {
  chosen: Chosen | null;
  entry: string;
  mode: KeypadMode;
  reading: KeypadReading | null;
  problem: string | null;
  displayRef: RefObject<HTMLOutputElement | null>;
  onKey: (key: string) => void;
  onAdd: () => void;
  onClear: () => void;
  onToggleRupees: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const problemId = useId();
  const labelId = useId();
  const product = chosen?.product ?? null;
  const isRupees = mode === 'rupees' && product !== null && canTypeRupees(product.unit);
  const label = isRupees
    ? t(x.amountInRupees)
    : product
      ? t(x.quantityIn, { unit: unitName(product.unit) })
      : t(x.keypad);
  const worth =
    reading?.kind === 'line'
      ? t(x.quantityWorth, {
          quantity: formatInUnit(quantityNumber(reading.thousandths), product?.unit),
          amount: formatRupees(paiseToRupees(reading.amountPaise)),
        })
      : null;

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-3 sm:p-4">
      <h2 id={headingId} className="sr-only">
        {t(x.keypad)}
      </h2>
      <div className="min-h-12">
        {product ? (
          <p className="font-semibold text-stone-900">
            {product.name}
            {product.nameHi && (
              <span lang="hi" className="ms-2 font-normal text-stone-700">
                {product.nameHi}
              </span>
            )}
            <span className="ms-2 text-sm text-green-800">
              {t(x.ratePerUnit, { rate: formatRupees(paiseToRupees(product.ratePaise)), unit: unitName(product.unit) })}
            </span>
          </p>
        ) : (
          <p className="text-stone-700">{t(x.chooseAProduct)}</p>
        )}
      </div>
      <div>
        <p id={labelId} className="text-sm font-medium text-stone-700">
          {label}
        </p>
        <output
          ref={displayRef}
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-live="polite"
          aria-describedby={problem ? problemId : undefined}
          data-testid="keypad-display"
          className="block min-h-12 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-right font-mono text-3xl font-bold text-stone-900"
        >
          {isRupees && entry ? `₹${entry}` : entry}
        </output>
        <p className="mt-1 min-h-6 text-sm">
          {problem ? (
            <span id={problemId} className="error-text">
              {problem}
            </span>
          ) : (
            worth && <span className="font-semibold text-stone-800">{worth}</span>
          )}
        </p>
      </div>
      <div className="grid grid-cols-3 gap-2">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => onKey(key)}
            aria-label={key === 'Backspace' ? t(x.deleteDigit) : undefined}
            className="min-h-12 rounded-xl border border-stone-300 bg-white text-2xl font-semibold text-stone-900 hover:bg-stone-100"
          >
            {key === 'Backspace' ? '⌫' : key}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2">
        <button type="button" onClick={onClear} className="btn-secondary min-h-12 px-2">
          {t(x.clear)}
        </button>
        <button
          type="button"
          onClick={onToggleRupees}
          aria-pressed={isRupees}
          disabled={!product || !canTypeRupees(product.unit)}
          className={`min-h-12 rounded-full border px-2 font-semibold disabled:opacity-50 ${
            isRupees ? 'border-amber-700 bg-amber-100 text-amber-950' : 'border-green-700 text-green-800'
          }`}
        >
          {t(x.rupeeMode)} <kbd className="text-xs">F7</kbd>
        </button>
        <button type="button" onClick={onAdd} disabled={!product} className="btn-primary min-h-12 px-2">
          {chosen?.isChange ? t(x.update) : t(x.add)}
        </button>
      </div>
      {isRupees && <p className="text-sm text-stone-700">{t(x.rupeeModeHint)}</p>}
    </section>
  );
}
