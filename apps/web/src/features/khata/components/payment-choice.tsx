/**
 * The payment choice at checkout, for a shopper with an open khata: "Cash on delivery" (the
 * default) or "Khata (₹X available)". Khata is offered disabled, with the reason, when the order's
 * estimate is above the available credit; the server decides in the end (409 naming the amount).
 * A shopper without a khata sees nothing: the checkout stays as it was.
 */
import type { CheckoutPaymentMethod } from '@mandi/shared';
import { useEffect, useId } from 'react';
import { formatRupees, useT } from '../../../lib/i18n';
import { useMyKhata } from '../api/khata';
import { khataTexts as x } from '../khata.texts';

export function PaymentChoice({
  estimate,
  value,
  onChange,
  enabled = true,
}: {
  /** ₹, what the order comes to as the cart stands (the bill follows the packed weights). */
  estimate: number;
  value: CheckoutPaymentMethod;
  onChange: (method: CheckoutPaymentMethod) => void;
  /** Ask the server only for a logged-in shopper. */
  enabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const query = useMyKhata(enabled);
  const account = query.data?.account ?? null;
  const isOpen = account !== null && account.creditLimit !== null;
  const isOver = isOpen && estimate > account.available;
  const khataAllowed = isOpen && !isOver;

  // A choice that no longer holds (the cart grew, the khata closed) falls back to cash on delivery.
  useEffect(() => {
    if (value === 'Khata' && !khataAllowed) onChange('COD');
  }, [value, khataAllowed, onChange]);

  if (!isOpen || !account) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-bold text-stone-900">{t(x.paymentChoice)}</legend>
      <div className="flex flex-col gap-1 rounded-xl border border-stone-200 p-3">
        <label className="flex items-center gap-3 font-semibold text-stone-900">
          <input
            type="radio"
            name={`${id}-payment`}
            value="COD"
            checked={value === 'COD'}
            onChange={() => onChange('COD')}
            aria-describedby={`${id}-cod-hint`}
            className="h-5 w-5 shrink-0 accent-green-700"
          />
          {t(x.payCod)}
        </label>
        <p id={`${id}-cod-hint`} className="pl-8 text-sm text-stone-600">
          {t(x.payCodHint)}
        </p>
      </div>
      <div
        className={`flex flex-col gap-1 rounded-xl border border-stone-200 p-3 ${khataAllowed ? '' : 'bg-stone-50'}`}
      >
        <label className="flex items-center gap-3 font-semibold text-stone-900">
          <input
            type="radio"
            name={`${id}-payment`}
            value="Khata"
            checked={value === 'Khata'}
            disabled={!khataAllowed}
            onChange={() => onChange('Khata')}
            aria-describedby={`${id}-khata-hint`}
            className="h-5 w-5 shrink-0 accent-green-700"
          />
          {t(x.payKhata, { available: formatRupees(account.available) })}
        </label>
        <p
          id={`${id}-khata-hint`}
          className={`pl-8 text-sm ${isOver ? 'font-semibold text-amber-800' : 'text-stone-600'}`}
        >
          {isOver
            ? t(x.payKhataOver, { estimate: formatRupees(estimate), available: formatRupees(account.available) })
            : t(x.payKhataHint)}
        </p>
      </div>
    </fieldset>
  );
}
