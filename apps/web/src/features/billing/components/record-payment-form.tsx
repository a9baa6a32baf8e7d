/**
 * The admin's "Record payment" form: Cash or UPI, and the reference (the UTR of a UPI payment, a
 * receipt number for cash). It starts on the method the order's payment terms name. The server
 * checks the rules (a UTR for UPI, once per order, never on a cancelled order) and its message is
 * shown as sent.
 */
import type { PaymentMethod } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { useRecordPayment } from '../api/record-payment';
import { BILLING_TEXTS as T } from '../billing.texts';

const METHODS: readonly PaymentMethod[] = ['Cash', 'UPI'];
/** Read when drawn, so the labels follow the language chosen after this file loaded. */
const methodLabel = (method: PaymentMethod) => (method === 'Cash' ? T.methodCash : T.methodUpi);

/**
 * The method the form starts on, from the order's payment terms (its `paymentMethod` on the wire):
 * terms that name a method start on it; cash on delivery (`COD`, and orders from before terms, all
 * COD) starts on Cash, what most such orders are paid with, so the admin rarely has to switch.
 */
function methodOfTerms(terms: string | undefined): PaymentMethod {
  return METHODS.find((method) => method === terms) ?? 'Cash';
}

export function RecordPaymentForm({
  orderId,
  terms,
  onRecorded,
}: {
  orderId: string;
  /** The order's payment terms, as the order carries them (`COD`, absent on older orders). */
  terms: string | undefined;
  onRecorded: (message: string) => void;
}) {
  const ids = { reference: useId(), hint: useId(), legend: useId() };
  const [method, setMethod] = useState<PaymentMethod>(() => methodOfTerms(terms));
  const [reference, setReference] = useState('');
  const record = useRecordPayment(orderId);
  const isUpi = method === 'UPI';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    record.reset();
    record.mutate({ method, reference: reference.trim() }, { onSuccess: () => onRecorded(T.paymentRecorded) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={ids.legend}>
      <h3 id={ids.legend} className="font-semibold text-stone-900">
        {T.recordPayment}
      </h3>
      <fieldset>
        <legend className="field-label">{T.method}</legend>
        <div className="flex gap-2">
          {METHODS.map((choice) => (
            <label
              key={choice}
              className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700 ${
                method === choice ? 'border-green-700 bg-green-50 text-green-900' : 'border-stone-300 text-stone-700'
              }`}
            >
              <input
                type="radio"
                name={`${ids.legend}-method`}
                value={choice}
                checked={method === choice}
                onChange={() => setMethod(choice)}
                className="h-4 w-4 accent-green-700"
              />
              {methodLabel(choice)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={ids.reference} className="field-label">
          {isUpi ? T.upiReferenceLabel : T.cashReferenceLabel}
        </label>
        <input
          id={ids.reference}
          className="field-input font-mono"
          value={reference}
          maxLength={64}
          autoComplete="off"
          inputMode={isUpi ? 'numeric' : 'text'}
          aria-describedby={ids.hint}
          onChange={(event) => setReference(event.target.value)}
        />
        <p id={ids.hint} className="mt-1 text-sm text-stone-600">
          {isUpi ? T.upiReferenceHint : T.cashReferenceHint}
        </p>
      </div>
      <ErrorBlock messages={record.isError ? errorMessages(record.error) : null} />
      <button type="submit" className="btn-primary" disabled={record.isPending}>
        {record.isPending ? T.recording : T.recordPayment}
      </button>
    </form>
  );
}
