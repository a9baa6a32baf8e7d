/**
 * "Write off" on a product's row (decision 0035): a dialog with the quantity (in the product's
 * unit), the reason and an optional note; the quantity leaves the stock, valued at the product's
 * cost. The row's table shows the server's message.
 */
import { WASTAGE_REASONS, type WastageReason } from '@mandi/shared';
import { WASTAGE_NOTE_MAX } from '@mandi/shared/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatInUnit, formatRupees, type Translate, translate, unitName, useT } from '../../../lib/i18n';
import { useWriteOff } from '../api/purchases';
import { purchasesTexts as x } from '../purchases.texts';
import { parseDecimal } from './purchases-kit';

const REASON_TEXTS = {
  rotten: x.reason_rotten,
  damaged: x.reason_damaged,
  dried: x.reason_dried,
  'own-use': x['reason_own-use'],
  other: x.reason_other,
} as const;

export const reasonText = (reason: WastageReason, t: Translate) => t(REASON_TEXTS[reason]);

interface Product {
  _id: string;
  name: string;
  unit?: string;
  stocks: number;
}

function WriteOffDialog({ product, onClose }: { product: Product; onClose: (message: string | null) => void }) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const writeOff = useWriteOff();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<WastageReason>('rotten');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseDecimal(quantity, 3);
    if (amount === null || amount <= 0) return setProblem(t(x.badWriteOff));
    setProblem(null);
    writeOff.mutate(
      { productId: product._id, quantity: amount, reason, note: note.trim() },
      { onSuccess: (answer) => onClose(translate(serverText(answer))) },
    );
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={() => onClose(null)}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5">
        <h2 id={`${id}-title`} className="text-xl font-bold text-stone-900">
          {t(x.writeOffTitle, { name: product.name })}
        </h2>
        <p className="text-sm text-stone-700">
          {t(x.writeOffStock, { stock: formatInUnit(product.stocks, product.unit) })}
        </p>
        <div>
          <label htmlFor={`${id}-quantity`} className="field-label">
            {t(x.quantityIn, { unit: unitName(product.unit) })}
          </label>
          <input
            id={`${id}-quantity`}
            className="field-input"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="field-label">
            {t(x.reason)}
          </label>
          <select
            id={`${id}-reason`}
            className="field-input"
            value={reason}
            onChange={(event) => setReason(event.target.value as WastageReason)}
          >
            {WASTAGE_REASONS.map((one) => (
              <option key={one} value={one}>
                {reasonText(one, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="field-label">
            {t(x.note)}
          </label>
          <input
            id={`${id}-note`}
            className="field-input"
            maxLength={WASTAGE_NOTE_MAX}
            placeholder={t(x.notePlaceholder)}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <ErrorBlock messages={problem ? [problem] : writeOff.isError ? errorMessages(writeOff.error) : null} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary min-h-11" onClick={() => onClose(null)}>
            {t(x.cancel)}
          </button>
          <button type="submit" className="btn-danger min-h-11" disabled={writeOff.isPending}>
            {writeOff.isPending ? t(x.writingOff) : t(x.writeOffSave)}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The row's button and, once pressed, its dialog; `onDone` gets the server's message. */
export function WriteOffButton({ product, onDone }: { product: Product; onDone: (message: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-full border border-amber-700 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-50 disabled:opacity-60"
        aria-label={t(x.writeOffName, { name: product.name })}
        disabled={product.stocks <= 0}
        onClick={() => setOpen(true)}
      >
        {t(x.writeOff)}
      </button>
      {open && (
        <WriteOffDialog
          product={product}
          onClose={(message) => {
            setOpen(false);
            if (message) onDone(message);
          }}
        />
      )}
    </>
  );
}

/** "cost ₹26.46/kg" under a product's rate in the admin table; nothing shown before the first purchase. */
export function CostRateNote({ costRate, unit }: { costRate: number | null | undefined; unit?: string }) {
  const t = useT();
  if (costRate === null || costRate === undefined) return null;
  return (
    <span className="block text-xs text-stone-600">
      {t(x.costRate, { amount: t(x.perUnit, { amount: formatRupees(costRate), unit: unitName(unit) }) })}
    </span>
  );
}
