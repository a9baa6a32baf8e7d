/**
 * Record a khata payment: amount, Cash or UPI, the UTR for UPI (a receipt number for cash, if any)
 * and a note. The server checks everything (UPI needs a 12-digit UTR used once across the shop);
 * its message is shown, success or refusal. With `advance` (₹ the khata holds for the shopper) the
 * same form pays the advance back (decision 0055).
 */
import type { KhataPaymentMethod } from '@mandi/shared';
import { type FormEvent, useId, useState } from 'react';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatRupees, useT } from '../../../lib/i18n';
import { useRecordKhataPayment, useRecordKhataPayout } from '../api/khata';
import { khataTexts as x } from '../khata.texts';

export function PaymentForm({
  userId,
  headingLevel = 3,
  advance,
}: {
  userId: string;
  headingLevel?: 2 | 3;
  /** Set: the form pays back this advance (₹) instead of taking a payment. */
  advance?: number;
}) {
  const t = useT();
  const id = useId();
  const isPayout = advance !== undefined;
  const payment = useRecordKhataPayment(userId);
  const payout = useRecordKhataPayout(userId);
  const record = isPayout ? payout : payment;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<KhataPaymentMethod>('Cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    if (!amount.trim()) return setProblems([t(x.amountMissing)]);
    setProblems(null);
    try {
      const answer = await record.mutateAsync({
        amount: amount.trim(),
        method,
        reference: reference.trim(),
        note: note.trim(),
      });
      setAmount('');
      setReference('');
      setNote('');
      setDone(t(serverText(answer)));
    } catch (error) {
      setProblems(errorMessages(error));
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="text-base font-bold text-stone-900">
        {isPayout ? t(x.payoutHeading, { advance: formatRupees(advance) }) : t(x.paymentHeading)}
      </Heading>
      <div>
        <label htmlFor={`${id}-amount`} className="field-label">
          {t(x.amount)}
        </label>
        <input
          id={`${id}-amount`}
          className="field-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <fieldset>
        <legend className="field-label">{t(isPayout ? x.paidBackBy : x.paidBy)}</legend>
        <div className="flex gap-4">
          {(['Cash', 'UPI'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 font-medium text-stone-900">
              <input
                type="radio"
                name={`${id}-method`}
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="h-5 w-5 accent-green-700"
              />
              {t(value === 'UPI' ? x.upi : x.cash)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-reference`} className="field-label">
          {t(method === 'UPI' ? x.utr : x.receipt)}
        </label>
        <input
          id={`${id}-reference`}
          className="field-input font-mono"
          inputMode={method === 'UPI' ? 'numeric' : 'text'}
          autoComplete="off"
          maxLength={64}
          value={reference}
          aria-describedby={method === 'UPI' ? `${id}-utr-hint` : undefined}
          onChange={(event) => setReference(event.target.value)}
        />
        {method === 'UPI' && (
          <p id={`${id}-utr-hint`} className="mt-1 text-sm text-stone-600">
            {t(x.utrHint)}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="field-label">
          {t(x.note)}
        </label>
        <input
          id={`${id}-note`}
          className="field-input"
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <SuccessLine message={done} />
      <ErrorBlock messages={problems} />
      <button type="submit" className="btn-primary self-start" disabled={record.isPending}>
        {record.isPending ? t(x.recording) : t(isPayout ? x.recordPayout : x.recordPayment)}
      </button>
    </form>
  );
}
