/**
 * Today's bills of this device (GET /api/admin/counter/sales?deviceId=&date=, contract "Counter
 * sales"): the day's totals (cash kept, UPI, khata; the bills taken back counted apart) and each
 * bill, newest first, with Print again (the server's receipt on the device's paper) and Take back
 * (POST .../cancel): a reason is required, and when money was taken (Cash or UPI tenders) how it
 * goes back, a UPI refund with its 12-digit UTR; the server's message is shown when it refuses.
 * Read from the server, so only online; opened on demand, so opening the counter costs no read.
 */
import { isUtr, paiseToRupees, rupeesToPaise, shopClockOf, shopDateOf, UTR_LENGTH } from '@mandi/shared/kernel';
import type { CounterSale } from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { api, errorMessages } from '../../../lib/api-client';
import { formatRupees, type Text, useLanguage, useT } from '../../../lib/i18n';
import { isNetworkFailure } from '../../../lib/offline/kept-answers';
import type { CounterDevice } from '../api/counter-types';
import { SALES_URL } from '../api/sales';
import { counterTexts as x } from '../counter.texts';
import { printBill } from '../print-receipt';
import { dayBillsTexts as y } from './day-bills.texts';

/** The answer of GET /api/admin/counter/sales (₹ as on the wire). */
interface DaySales {
  sales: CounterSale[];
  totals: { count: number; total: number; cash: number; upi: number; khata: number; cancelled: number };
}

const METHOD_TEXTS: Record<CounterSale['tenders'][number]['method'], Text> = {
  Cash: y.cash,
  UPI: y.upi,
  Khata: y.khata,
};

/** A tender's ₹ in paise, added up over the tenders of `methods`. */
const paidBy = (sale: CounterSale, methods: readonly string[]) =>
  sale.tenders
    .filter((tender) => methods.includes(tender.method))
    .reduce((sum, tender) => sum + rupeesToPaise(tender.amount), 0);

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/** Every read of a device's day, whatever the date: invalidated whole after a bill is taken back. */
const salesKey = (deviceId: string) => ['admin', 'counter', 'sales', deviceId] as const;

const daySalesQuery = (deviceId: string, date: string) =>
  queryOptions({
    queryKey: [...salesKey(deviceId), date],
    queryFn: () =>
      api.get<DaySales>(`${SALES_URL}?deviceId=${encodeURIComponent(deviceId)}&date=${encodeURIComponent(date)}`),
    // Offline it fails at once (and says so) rather than waiting unseen for the network.
    networkMode: 'always',
    retry: false,
  });

/** What a failure says: "connect to the network" when there was none, else the server's messages. */
const failureMessages = (error: unknown, t: ReturnType<typeof useT>) =>
  isNetworkFailure(error) ? [t(y.needsNetwork)] : errorMessages(error);

export function DayBills({
  device,
  width,
  lastSentOrderId,
}: {
  /** This browser's device: its bills, printed on its printer. */
  device: CounterDevice;
  /** The receipt paper chosen on the counter. */
  width: 58 | 80;
  /** The last bill the server has (its order id): the open list is read again when it changes. */
  lastSentOrderId: string | null;
}) {
  const t = useT();
  const headingId = useId();
  const bodyId = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t(y.title)}
        </h2>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen((open) => !open)}
          className="btn-secondary min-h-12 px-4"
        >
          {isOpen ? t(y.hide) : t(y.show)}
        </button>
      </div>
      <div id={bodyId} hidden={!isOpen}>
        {isOpen && <DayBillsList device={device} width={width} lastSentOrderId={lastSentOrderId} />}
      </div>
    </section>
  );
}

function DayBillsList({
  device,
  width,
  lastSentOrderId,
}: {
  device: CounterDevice;
  width: 58 | 80;
  lastSentOrderId: string | null;
}) {
  const t = useT();
  const deviceId = device._id;
  const queryClient = useQueryClient();
  // Today in the shop's time, read at each render: a list left open past midnight moves to the new day.
  const day = useQuery(daySalesQuery(deviceId, shopDateOf(new Date())));
  const [takenBack, setTakenBack] = useState<string | null>(null);
  const takenBackRef = useRef<HTMLParagraphElement>(null);

  // A bill the server has just accepted joins the open list.
  const seen = useRef(lastSentOrderId);
  useEffect(() => {
    if (seen.current === lastSentOrderId) return;
    seen.current = lastSentOrderId;
    void queryClient.invalidateQueries({ queryKey: salesKey(deviceId) });
  }, [lastSentOrderId, deviceId, queryClient]);

  useLayoutEffect(() => {
    if (takenBack) takenBackRef.current?.focus();
  }, [takenBack]);

  const refresh = (
    <button
      type="button"
      onClick={() => void day.refetch()}
      disabled={day.isFetching}
      className="btn-secondary min-h-12 self-start px-4"
    >
      {t(y.refresh)}
    </button>
  );

  if (day.isPending) return <p role="status">{t(y.loading)}</p>;
  if (day.isError) {
    return (
      <div className="flex flex-col gap-2">
        <ErrorBlock messages={failureMessages(day.error, t)} />
        {refresh}
      </div>
    );
  }
  if (!day.data) return null;
  const { sales, totals } = day.data;
  const newestFirst = [...sales].reverse();

  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-stone-50 p-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label={t(y.bills)} value={String(totals.count)} />
        <Figure label={t(y.total)} value={formatRupees(totals.total)} />
        <Figure label={t(y.cash)} value={formatRupees(totals.cash)} />
        <Figure label={t(y.upi)} value={formatRupees(totals.upi)} />
        <Figure label={t(y.khata)} value={formatRupees(totals.khata)} />
        <Figure label={t(y.cancelledCount)} value={String(totals.cancelled)} />
      </dl>
      {takenBack && (
        <p ref={takenBackRef} tabIndex={-1} role="status" className="font-semibold text-green-800">
          {t(y.takenBack, { number: takenBack })}
        </p>
      )}
      {newestFirst.length === 0 ? (
        <p className="text-stone-700">{t(y.none)}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200" aria-label={t(y.title)}>
          {newestFirst.map((sale) => (
            <DayBill
              key={sale.orderId}
              sale={sale}
              printer={device.printer}
              width={width}
              onTakenBack={() => {
                setTakenBack(sale.invoiceNumber);
                void queryClient.invalidateQueries({ queryKey: salesKey(deviceId) });
                // The khata figures and stock the counter keeps moved with it.
                void queryClient.invalidateQueries({ queryKey: ['admin', 'counter', 'catalogue'] });
              }}
            />
          ))}
        </ul>
      )}
      {refresh}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="font-bold text-stone-900">{value}</dd>
    </div>
  );
}

function DayBill({
  sale,
  printer,
  width,
  onTakenBack,
}: {
  sale: CounterSale;
  printer: CounterDevice['printer'];
  width: 58 | 80;
  onTakenBack: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const [isTakingBack, setIsTakingBack] = useState(false);
  const [printProblem, setPrintProblem] = useState<string | null>(null);
  const printRef = useRef<HTMLButtonElement>(null);
  const takeBackRef = useRef<HTMLButtonElement>(null);
  const isCancelled = sale.status === 'Cancelled';
  const number = sale.invoiceNumber;
  const tenders = sale.tenders
    .map((tender) => t(y.tenderPart, { method: t(METHOD_TEXTS[tender.method]), amount: formatRupees(tender.amount) }))
    .join(' · ');

  function print() {
    // On the device's printer, as the last bill prints (the print dialog, or ESC/POS to the printer).
    printBill({
      printer,
      orderId: sale.orderId,
      width,
      language,
      title: t(x.receiptFrame, { number }),
      onPrinted: () => {
        // The keys come back to this list from the receipt's frame.
        window.focus();
        printRef.current?.focus();
      },
      onProblem: setPrintProblem,
    });
  }

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">
            {t(y.billLine, { number, time: shopClockOf(new Date(sale.soldAt)) })}
            {isCancelled && ' '}
            {isCancelled && (
              <span className="ms-1 rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">
                {t(y.cancelled)}
              </span>
            )}
          </p>
          <p className="text-sm text-stone-700">
            {tenders}
            {sale.offline && <> · {t(y.offline)}</>}
          </p>
        </div>
        <p className={`font-bold ${isCancelled ? 'text-stone-600 line-through' : 'text-stone-900'}`}>
          {formatRupees(sale.total)}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            ref={printRef}
            type="button"
            onClick={print}
            aria-label={t(y.printAgainBill, { number })}
            className="btn-secondary min-h-12 px-4"
          >
            {t(y.printAgain)}
          </button>
          {!isCancelled && (
            <button
              ref={takeBackRef}
              type="button"
              onClick={() => setIsTakingBack((open) => !open)}
              aria-expanded={isTakingBack}
              aria-label={t(y.takeBackBill, { number })}
              className="min-h-12 rounded-full border border-red-300 px-4 font-semibold text-red-800 hover:bg-red-50"
            >
              {t(y.takeBack)}
            </button>
          )}
        </div>
      </div>
      <ErrorBlock messages={printProblem ? [printProblem] : null} />
      {isTakingBack && !isCancelled && (
        <TakeBackForm
          sale={sale}
          onClose={() => {
            setIsTakingBack(false);
            takeBackRef.current?.focus();
          }}
          onTakenBack={() => {
            setIsTakingBack(false);
            onTakenBack();
          }}
        />
      )}
    </li>
  );
}

type RefundMethod = 'Cash' | 'UPI';

function TakeBackForm({
  sale,
  onClose,
  onTakenBack,
}: {
  sale: CounterSale;
  onClose: () => void;
  onTakenBack: () => void;
}) {
  const t = useT();
  const ids = { reason: useId(), hint: useId(), problem: useId(), refund: useId(), reference: useId() };
  const moneyPaise = paidBy(sale, ['Cash', 'UPI']);
  const khataPaise = paidBy(sale, ['Khata']);
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<RefundMethod>(paidBy(sale, ['Cash']) > 0 ? 'Cash' : 'UPI');
  const [reference, setReference] = useState('');
  /** What is wrong before anything is sent, and with which field. */
  const [problem, setProblem] = useState<{ field: 'reason' | 'reference'; text: string } | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const cancel = useMutation({
    mutationFn: (body: { reason: string; refund: { method: RefundMethod; reference: string } | null }) =>
      api.post<{ sale: CounterSale }>(`${SALES_URL}/${encodeURIComponent(sale.orderId)}/cancel`, body),
    // Offline it fails at once rather than being sent later, unseen.
    networkMode: 'always',
    onSuccess: onTakenBack,
  });

  useLayoutEffect(() => {
    reasonRef.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const why = reason.trim();
    if (why.length < 1 || why.length > 200) {
      setProblem({ field: 'reason', text: t(y.reasonNeeded) });
      reasonRef.current?.focus();
      return;
    }
    const ref = reference.trim();
    if (moneyPaise > 0 && method === 'UPI' && !isUtr(ref)) {
      setProblem({ field: 'reference', text: t(y.utrNeeded) });
      referenceRef.current?.focus();
      return;
    }
    setProblem(null);
    cancel.mutate({ reason: why, refund: moneyPaise > 0 ? { method, reference: ref } : null });
  }

  const messages = problem ? [problem.text] : cancel.isError ? failureMessages(cancel.error, t) : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
      aria-label={t(y.takeBackTitle, { number: sale.invoiceNumber })}
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50/50 p-3"
    >
      <p className="text-stone-800">{t(y.takeBackIntro)}</p>
      <div>
        <label htmlFor={ids.reason} className="field-label">
          {t(y.reason)}
        </label>
        <input
          ref={reasonRef}
          id={ids.reason}
          className="field-input min-h-12"
          value={reason}
          maxLength={200}
          required
          autoComplete="off"
          aria-describedby={problem?.field === 'reason' ? `${ids.hint} ${ids.problem}` : ids.hint}
          aria-invalid={problem?.field === 'reason' || undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        <p id={ids.hint} className="mt-1 text-sm text-stone-700">
          {t(y.reasonHint)}
        </p>
      </div>
      {moneyPaise > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold text-stone-900">{t(y.refundTitle, { amount: rupees(moneyPaise) })}</legend>
          <p className="text-sm text-stone-700">{t(y.refundIntro)}</p>
          <div className="flex flex-wrap gap-x-5">
            {(
              [
                ['Cash', y.refundCash],
                ['UPI', y.refundUpi],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex min-h-12 items-center gap-2 text-stone-900">
                <input
                  type="radio"
                  name={ids.refund}
                  value={value}
                  checked={method === value}
                  onChange={() => {
                    setMethod(value);
                    setReference('');
                    setProblem(null);
                  }}
                  className="size-5 accent-green-700"
                />
                {t(text)}
              </label>
            ))}
          </div>
          <div className="max-w-xs">
            <label htmlFor={ids.reference} className="field-label">
              {method === 'UPI' ? t(y.utr) : t(y.cashReference)}
            </label>
            <input
              ref={referenceRef}
              id={ids.reference}
              className="field-input min-h-12 font-mono"
              value={reference}
              autoComplete="off"
              inputMode={method === 'UPI' ? 'numeric' : 'text'}
              maxLength={method === 'UPI' ? UTR_LENGTH : 64}
              required={method === 'UPI'}
              aria-describedby={problem?.field === 'reference' ? ids.problem : undefined}
              aria-invalid={problem?.field === 'reference' || undefined}
              onChange={(event) => {
                setReference(event.target.value);
                setProblem(null);
              }}
            />
          </div>
        </fieldset>
      )}
      {khataPaise > 0 && (
        <p className="text-stone-800">
          {t(y.khataReversed, { amount: rupees(khataPaise), name: sale.customer?.name ?? '' })}
        </p>
      )}
      <div id={ids.problem}>
        <ErrorBlock messages={messages} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={cancel.isPending} className="btn-danger min-h-12 px-5">
          {cancel.isPending ? t(y.taking) : t(y.confirm)}
        </button>
        <button type="button" onClick={onClose} className="btn-secondary min-h-12">
          {t(y.keep)}
        </button>
      </div>
    </form>
  );
}
