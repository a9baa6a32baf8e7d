/**
 * The coupon field of the confirm screen (decision 0044): a code, Apply (asks the server whether it
 * applies to this basket: `GET /api/coupons/check`), the discount or why not, and Remove. The
 * order sends the applied code; placing judges it again.
 */
import { type FormEvent, useId, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { type Text, useT } from '../../../lib/i18n';
import { checkCoupon } from '../api/check-coupon';
import { couponsTexts as x } from '../coupons.texts';

export interface AppliedCoupon {
  code: string;
  /** ₹ off this basket, as the server judged it. */
  discount: number;
}

export function CouponField({
  subtotal,
  applied,
  onChange,
}: {
  /** The basket's items, ₹. */
  subtotal: number;
  applied: AppliedCoupon | null;
  onChange: (coupon: AppliedCoupon | null) => void;
}) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [isChecking, setIsChecking] = useState(false);
  // The server's answer is kept as its coded text, so a switch of language re-words it.
  const [note, setNote] = useState<Text | null>(null);
  const [refusal, setRefusal] = useState<Text | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || isChecking) return;
    setIsChecking(true);
    setRefusal(null);
    setFailure(null);
    setNote(null);
    try {
      const answer = await checkCoupon(typed, subtotal);
      const text = serverText(answer);
      if (answer.valid) {
        onChange({ code: typed.toUpperCase(), discount: answer.discount });
        setNote(text);
      } else {
        onChange(null);
        setRefusal(text);
      }
    } catch (error) {
      onChange(null);
      setFailure(errorMessages(error));
    } finally {
      setIsChecking(false);
    }
  }

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-code`} className="field-label">
        {t(x.couponLabel)}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          className="field-input min-w-0 flex-1 uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (applied) onChange(null);
            setNote(null);
          }}
        />
        <button type="submit" className="btn-secondary min-h-11" disabled={isChecking || !code.trim()}>
          {isChecking ? t(x.checking) : t(x.apply)}
        </button>
      </div>
      {note && applied && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm font-semibold text-green-800">
            {t(note)}
          </p>
          <button
            type="button"
            className="text-sm font-semibold text-stone-700 underline"
            onClick={() => {
              onChange(null);
              setCode('');
              setNote(null);
            }}
          >
            {t(x.remove)}
          </button>
        </div>
      )}
      <ErrorBlock messages={refusal ? [t(refusal)] : failure} variant="inline" />
    </form>
  );
}
