/**
 * The refund part of the admin's status form, shown when Cancelled is chosen for a paid order
 * (decision 0032): the amount paid back (what was paid), how (Cash, UPI, Khata) and its reference
 * (the UTR of a UPI refund, a receipt number for cash). The server checks the rules and answers
 * with its message (a UTR for UPI, no khata yet); this part only collects them.
 */
import { REFUND_METHODS, type RefundMethod } from '@mandi/shared';
import type { OrderPayment } from '@mandi/shared/schemas';
import { useId } from 'react';
import { formatRupees } from '../../../lib/i18n';
import { BILLING_TEXTS as T } from '../billing.texts';
import { paymentText } from './payment-status';

export interface RefundValue {
  method: RefundMethod;
  reference: string;
}

/** The refund a form starts with: the way the order was paid. */
export function initialRefund(payment: OrderPayment): RefundValue {
  // A split counter sale is refunded in cash unless the shop picks another way.
  return { method: payment.method === 'Split' ? 'Cash' : payment.method, reference: '' };
}

const methodLabel = (method: RefundMethod) =>
  method === 'Cash' ? T.methodCash : method === 'UPI' ? T.methodUpi : T.methodKhata;

export function RefundFields({
  payment,
  amount,
  value,
  onChange,
}: {
  payment: OrderPayment;
  /** Rupees: what was paid, the amount the refund gives back. */
  amount: number;
  value: RefundValue;
  onChange: (value: RefundValue) => void;
}) {
  const ids = { heading: useId(), method: useId(), reference: useId(), hint: useId() };
  const isUpi = value.method === 'UPI';
  return (
    <fieldset
      aria-labelledby={ids.heading}
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <legend id={ids.heading} className="float-left font-semibold text-stone-900">
        {T.refundTitle}
      </legend>
      <p className="text-sm text-stone-800">{T.refundIntro(paymentText(payment))}</p>
      <p className="flex justify-between text-sm font-semibold text-stone-900">
        <span>{T.refundAmount}</span>
        <span>{formatRupees(amount)}</span>
      </p>
      <div>
        <label htmlFor={ids.method} className="field-label">
          {T.refundMethod}
        </label>
        <select
          id={ids.method}
          className="field-input"
          value={value.method}
          onChange={(event) => onChange({ method: event.target.value as RefundMethod, reference: '' })}
        >
          {REFUND_METHODS.map((method) => (
            <option key={method} value={method}>
              {methodLabel(method)}
            </option>
          ))}
        </select>
      </div>
      {value.method === 'Khata' ? (
        <p className="text-sm text-stone-700">{T.refundKhataHint}</p>
      ) : (
        <div>
          <label htmlFor={ids.reference} className="field-label">
            {isUpi ? T.refundUpiReferenceLabel : T.refundCashReferenceLabel}
          </label>
          <input
            id={ids.reference}
            className="field-input font-mono"
            value={value.reference}
            maxLength={64}
            autoComplete="off"
            inputMode={isUpi ? 'numeric' : 'text'}
            aria-describedby={isUpi ? ids.hint : undefined}
            onChange={(event) => onChange({ ...value, reference: event.target.value })}
          />
          {isUpi && (
            <p id={ids.hint} className="mt-1 text-sm text-stone-600">
              {T.refundUpiReferenceHint}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
