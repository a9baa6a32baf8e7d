/**
 * The last bill made on this device: its number, total and, just after the sale, the change to
 * give; whether it has reached the server; and Print (F9, "last bill again"), the server's receipt
 * on the device's paper (58 or 80 mm), once the server has the bill.
 */
import { paiseToRupees } from '@mandi/shared/kernel';
import { useId } from 'react';
import { formatRupees, useT } from '../../../lib/i18n';
import { counterTexts as x } from '../counter.texts';
import type { LastBill } from '../sale-queue';

export function LastBillPanel({
  last,
  isJustMade,
  isWaiting,
  width,
  onWidth,
  onPrint,
}: {
  last: LastBill | null;
  /** Made a moment ago on this screen: the change is what to give now. */
  isJustMade: boolean;
  isWaiting: boolean;
  width: 58 | 80;
  onWidth: (width: 58 | 80) => void;
  onPrint: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const widthId = useId();
  if (!last) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={`card flex flex-col gap-2 p-3 sm:p-4 ${isJustMade ? 'ring-2 ring-green-700' : ''}`}
    >
      <h2 id={headingId} className="text-sm font-semibold text-stone-700">
        {t(x.lastBillAgain)}
      </h2>
      <p role="status" className="text-lg font-bold text-stone-900">
        {t(x.saleMade, { number: last.billNumber, total: formatRupees(paiseToRupees(last.totalPaise)) })}
      </p>
      {isJustMade && last.changePaise > 0 && (
        <p className="text-2xl font-bold text-green-800">
          {t(x.giveChange, { change: formatRupees(paiseToRupees(last.changePaise)) })}
        </p>
      )}
      <p className={isWaiting ? 'font-semibold text-amber-900' : 'text-stone-700'}>
        {isWaiting ? t(x.waitingToSend) : t(x.sent)}
      </p>
      {!last.orderId && <p className="text-sm text-stone-700">{t(x.printWaits)}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={widthId} className="field-label">
            {t(x.paperWidth)}
          </label>
          <select
            id={widthId}
            className="field-input min-h-12"
            value={width}
            onChange={(event) => onWidth(event.target.value === '58' ? 58 : 80)}
          >
            <option value="58">{t(x.paperMm, { width: 58 })}</option>
            <option value="80">{t(x.paperMm, { width: 80 })}</option>
          </select>
        </div>
        <button type="button" onClick={onPrint} disabled={!last.orderId} className="btn-primary min-h-12">
          {t(x.print)} <kbd className="text-xs">F9</kbd>
        </button>
      </div>
    </section>
  );
}
