/**
 * The customer of the bill, found by mobile number in the kept customers (offline too): their name
 * and, with a khata, what it has available now (the snapshot less the khata bills still waiting
 * to be sent). A bill needs a customer only for the khata; any bill may carry one.
 */
import { paiseToRupees } from '@mandi/shared/kernel';
import { type RefObject, useId, useState } from 'react';
import { formatRupees, useT } from '../../../lib/i18n';
import type { CounterCustomer } from '../api/counter-types';
import { counterTexts as x } from '../counter.texts';

/** The last 10 digits of a mobile number as written anywhere (+91 98765 43210). */
const mobileDigits = (mobile: string | null) => (mobile ?? '').replace(/\D/g, '').slice(-10);
const MOBILE_LENGTH = 10;
const MATCH_FROM = 4;
const MATCHES_SHOWN = 5;

export function CustomerField({
  customers,
  customer,
  khataAvailablePaise,
  inputRef,
  onChoose,
}: {
  customers: readonly CounterCustomer[];
  customer: CounterCustomer | null;
  khataAvailablePaise: number | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (customer: CounterCustomer | null) => void;
}) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const [mobile, setMobile] = useState('');
  const digits = mobile.replace(/\D/g, '');
  const matches =
    digits.length >= MATCH_FROM
      ? customers.filter((entry) => mobileDigits(entry.mobile).includes(digits)).slice(0, MATCHES_SHOWN)
      : [];

  function type(text: string) {
    setMobile(text);
    const typed = text.replace(/\D/g, '');
    const exact = customers.filter((entry) => mobileDigits(entry.mobile) === typed);
    if (typed.length === MOBILE_LENGTH && exact.length === 1 && exact[0]) {
      onChoose(exact[0]);
      setMobile('');
    }
  }

  if (customer) {
    const khata = customer.khata;
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-100 p-3">
        <div>
          <p className="font-semibold text-stone-900">
            {customer.name} {customer.mobile && <span className="font-normal text-stone-700">{customer.mobile}</span>}
          </p>
          <p className="text-sm text-stone-800" data-testid="customer-khata">
            {khata && khataAvailablePaise !== null
              ? t(x.customerKhata, {
                  available: formatRupees(paiseToRupees(khataAvailablePaise)),
                  balance: formatRupees(khata.balance),
                  limit: formatRupees(khata.limit),
                })
              : t(x.noKhata)}
          </p>
        </div>
        <button type="button" onClick={() => onChoose(null)} className="btn-secondary min-h-12 px-4">
          {t(x.removeCustomer)}
        </button>
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {t(x.customerMobile)}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        className="field-input min-h-12"
        aria-describedby={hintId}
        value={mobile}
        onChange={(event) => type(event.target.value)}
      />
      <p id={hintId} className="mt-1 text-sm text-stone-700">
        {t(x.customerHint)}
      </p>
      {digits.length >= MATCH_FROM && matches.length === 0 && (
        <p role="status" className="text-sm text-stone-800">
          {t(x.noCustomerFound)}
        </p>
      )}
      {matches.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {matches.map((entry) => (
            <li key={entry._id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(entry);
                  setMobile('');
                }}
                className="min-h-12 w-full rounded-lg border border-stone-300 px-3 text-left hover:bg-green-50"
              >
                {t(x.chooseCustomer, { name: entry.name, mobile: entry.mobile ?? '' })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
