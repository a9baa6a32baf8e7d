/**
 * Taking the money: Cash (F2: what was handed over, and the change), UPI (F3: a QR code of the
 * shop's UPI id for the exact amount) and Khata (F4: on the customer's khata, within what it has
 * available when online). Each tender is for what is still due unless a smaller amount is typed,
 * so a bill may be split; once they add up to the total, Complete sale (Enter) makes the bill.
 */
import {
  type CounterTenderMethod,
  paiseToRupees,
  paiseToRupeesString,
  type TenderInPaise,
  upiUrl,
} from '@mandi/shared/kernel';
import { type FormEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatRupees, type Text, useT } from '../../../lib/i18n';
import { UpiQrCode } from '../../billing';
import { counterTexts as x } from '../counter.texts';
import { readTender, typedPaise } from '../tender';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export const METHODS: readonly { method: CounterTenderMethod; label: Text; key: string }[] = [
  { method: 'Cash', label: x.cash, key: 'F2' },
  { method: 'UPI', label: x.upi, key: 'F3' },
  { method: 'Khata', label: x.khata, key: 'F4' },
];

export function PaymentPanel({
  totalPaise,
  duePaise,
  tenders,
  open,
  khata,
  isOnline,
  upi,
  completeRef,
  canComplete,
  onOpen,
  onClose,
  onTake,
  onRemoveTender,
  onComplete,
}: {
  totalPaise: number;
  duePaise: number;
  tenders: readonly TenderInPaise[];
  open: CounterTenderMethod | null;
  /** The customer's khata: their name and what it has available (paise), or null without one. */
  khata: { name: string; availablePaise: number } | null;
  isOnline: boolean;
  /** The shop's UPI payee and the bill's number for the note, or null when the shop has no UPI id. */
  upi: { upiId: string; name: string; note: string } | null;
  completeRef: RefObject<HTMLButtonElement | null>;
  canComplete: boolean;
  onOpen: (method: CounterTenderMethod) => void;
  onClose: () => void;
  onTake: (tender: TenderInPaise) => void;
  onRemoveTender: (index: number) => void;
  onComplete: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const tenderText = (tender: TenderInPaise) =>
    tender.method === 'Cash' && tender.receivedPaise != null
      ? t(x.tenderCashChange, {
          amount: rupees(tender.amountPaise),
          received: rupees(tender.receivedPaise),
          change: rupees(tender.receivedPaise - tender.amountPaise),
        })
      : t(x.tenderLine, {
          method: t(METHODS.find((entry) => entry.method === tender.method)?.label ?? x.cash),
          amount: rupees(tender.amountPaise),
        });

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-3 sm:p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t(x.payment)}
        </h2>
        <p className="text-stone-800">
          {t(x.due)}{' '}
          <span className="text-xl font-bold text-stone-900" data-testid="due">
            {rupees(Math.max(0, duePaise))}
          </span>
        </p>
      </div>
      <div className="grid grid-cols-3 gap-2">
        {METHODS.map(({ method, label, key }) => (
          <button
            key={method}
            type="button"
            onClick={() => onOpen(method)}
            aria-pressed={open === method}
            disabled={totalPaise === 0 || duePaise <= 0}
            className={`min-h-12 rounded-full border px-2 font-semibold disabled:opacity-50 ${
              open === method
                ? 'border-green-800 bg-green-700 text-white'
                : 'border-green-700 text-green-800 hover:bg-green-50'
            }`}
          >
            {t(label)} <kbd className="text-xs">{key}</kbd>
          </button>
        ))}
      </div>
      {open && duePaise > 0 && (
        <TenderForm
          key={open}
          method={open}
          duePaise={duePaise}
          khata={khata}
          isOnline={isOnline}
          upi={upi}
          onTake={onTake}
          onClose={onClose}
        />
      )}
      {tenders.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t(x.payment)}>
          {tenders.map((tender, index) => (
            <li
              // Tenders have no id; the same method and amount twice are two tenders in order.
              // biome-ignore lint/suspicious/noArrayIndexKey: a tender is its position in the list.
              key={index}
              className="flex items-center justify-between gap-2"
            >
              <span className="text-stone-900">{tenderText(tender)}</span>
              <button
                type="button"
                onClick={() => onRemoveTender(index)}
                aria-label={t(x.removeTender, { tender: tenderText(tender) })}
                className="min-h-12 min-w-12 rounded-full border border-red-300 text-red-800 hover:bg-red-50"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        ref={completeRef}
        type="button"
        onClick={onComplete}
        disabled={!canComplete}
        className="btn-primary min-h-12 text-lg"
      >
        {t(x.completeSale)} <kbd className="text-xs">Enter</kbd>
      </button>
    </section>
  );
}

function TenderForm({
  method,
  duePaise,
  khata,
  isOnline,
  upi,
  onTake,
  onClose,
}: {
  method: CounterTenderMethod;
  duePaise: number;
  khata: { name: string; availablePaise: number } | null;
  isOnline: boolean;
  upi: { upiId: string; name: string; note: string } | null;
  onTake: (tender: TenderInPaise) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = { amount: useId(), received: useId(), problem: useId() };
  const [amountText, setAmountText] = useState(paiseToRupeesString(duePaise).replace(/\.00$/, ''));
  const [receivedText, setReceivedText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  // Before the next key arrives (a layout effect runs in the same commit): a quick cashier's digits land here.
  useLayoutEffect(() => {
    firstRef.current?.focus();
    firstRef.current?.select();
  }, []);

  const context = { duePaise, khataAvailablePaise: khata?.availablePaise ?? null, isOnline, money: rupees };
  const reading = readTender(method, amountText, receivedText, context);
  const amountPaise = typedPaise(amountText);
  const changePaise =
    method === 'Cash' && reading.kind === 'tender' && reading.tender.receivedPaise != null
      ? reading.tender.receivedPaise - reading.tender.amountPaise
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reading.kind === 'problem') {
      setProblem(t(reading.problem, reading.values));
      return;
    }
    onTake(reading.tender);
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      aria-label={t(METHODS.find((entry) => entry.method === method)?.label ?? x.cash)}
      className="flex flex-col gap-3 rounded-xl border border-green-700/40 bg-green-50/50 p-3"
    >
      <div className="grid grid-cols-2 gap-2">
        <div className={method === 'Cash' ? '' : 'col-span-2'}>
          <label htmlFor={ids.amount} className="field-label">
            {t(x.amount)}
          </label>
          <input
            ref={method === 'Cash' ? undefined : firstRef}
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            className="field-input min-h-12 text-lg"
            value={amountText}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => {
              setAmountText(event.target.value);
              setProblem(null);
            }}
          />
        </div>
        {method === 'Cash' && (
          <div>
            <label htmlFor={ids.received} className="field-label">
              {t(x.received)}
            </label>
            <input
              ref={firstRef}
              id={ids.received}
              inputMode="decimal"
              autoComplete="off"
              className="field-input min-h-12 text-lg"
              value={receivedText}
              aria-describedby={problem ? ids.problem : undefined}
              onChange={(event) => {
                setReceivedText(event.target.value);
                setProblem(null);
              }}
            />
          </div>
        )}
      </div>
      {changePaise !== null && (
        <p className="text-xl font-bold text-stone-900" data-testid="change">
          {t(x.change)}: {rupees(changePaise)}
        </p>
      )}
      {method === 'UPI' &&
        (upi ? (
          <div className="flex flex-col items-center gap-1">
            <UpiQrCode
              value={upiUrl(upi, amountPaise ?? duePaise, upi.note)}
              label={t(x.upiQr, { amount: rupees(amountPaise ?? duePaise), upiId: upi.upiId })}
            />
            <p className="font-semibold text-stone-900">
              {t(x.scanToPay, { amount: rupees(amountPaise ?? duePaise) })}
            </p>
            <p className="font-mono text-sm text-stone-800">{upi.upiId}</p>
          </div>
        ) : (
          <p className="font-semibold text-amber-900">{t(x.noUpiId)}</p>
        ))}
      {method === 'Khata' && (
        <p className="text-stone-900">
          {khata
            ? t(x.khataAvailable, { available: rupees(Math.max(0, khata.availablePaise)), name: khata.name })
            : t(x.khataNeedsCustomer)}
        </p>
      )}
      {method === 'Khata' && reading.kind === 'tender' && reading.isOverKhata && khata && (
        <p className="font-semibold text-amber-900">
          {t(x.khataOverOffline, { available: rupees(Math.max(0, khata.availablePaise)) })}
        </p>
      )}
      {problem && (
        <p id={ids.problem} role="alert" className="error-text">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary min-h-12">
        {t(x.takeTender, { method: t(METHODS.find((entry) => entry.method === method)?.label ?? x.cash) })}
      </button>
    </form>
  );
}
