/**
 * One stop of the run sheet, as a card the delivery person uses on a phone: the customer, a tap to
 * call, the address with a map link, what to collect, the status, and "Mark delivered" with what
 * was collected (decision 0033). A stop not shipped yet says so and links to packing or the order.
 */
import { formatRupees } from '@mandi/shared';
import { isUtr, orderNumberLabel, UTR_LENGTH } from '@mandi/shared/kernel';
import type { RunStop } from '@mandi/shared/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { type Collected, useMarkDelivered } from '../api/delivery-run';
import { deliveryRunTexts as x } from '../delivery-run.texts';

/** A Google Maps search for the stop's address, city and PIN code (opens the app on a phone). */
export const mapUrlOf = (stop: Pick<RunStop, 'address' | 'city' | 'pinCode'>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    [stop.address, stop.city, stop.pinCode].filter(Boolean).join(', '),
  )}`;

/** `tel:` wants the number alone: +91 in front of a 10-digit Indian mobile. */
export const telUrlOf = (mobile: string) => {
  const digits = mobile.replace(/[^\d+]/g, '');
  return `tel:${/^\d{10}$/.test(digits) ? `+91${digits}` : digits}`;
};

type Choice = 'Cash' | 'UPI' | 'none';

function DeliverForm({ stop, onDelivered }: { stop: RunStop; onDelivered: (message: string) => void }) {
  const t = useT();
  const id = useId();
  const owes = stop.amountDue > 0;
  const [choice, setChoice] = useState<Choice>(owes ? 'Cash' : 'none');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mark = useMarkDelivered();
  const label = orderNumberLabel(stop.orderNumber);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (choice === 'UPI' && !isUtr(reference.trim())) {
      setProblem(t(x.giveTheUtr));
      return;
    }
    const collected: Collected =
      choice === 'none' ? { method: 'none' } : { method: choice, reference: choice === 'UPI' ? reference.trim() : '' };
    const message =
      choice === 'Cash'
        ? t(x.deliveredWithCash, { id: label, amount: formatRupees(stop.amountDue) })
        : choice === 'UPI'
          ? t(x.deliveredWithUpi, { id: label })
          : t(x.delivered, { id: label });
    // Told through the promise: the card leaves the run (and unmounts) once the run is fetched again.
    mark.mutateAsync({ orderId: stop.orderId, collected }).then(
      () => onDelivered(message),
      () => undefined, // shown from mark.error
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 print:hidden" noValidate>
      {owes && (
        <fieldset className="flex flex-col gap-2">
          <legend className="field-label">{t(x.collectedAt, { id: label })}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {(
              [
                ['Cash', t(x.cashAmount, { amount: formatRupees(stop.amountDue) })],
                ['UPI', t(x.upi)],
                ['none', t(x.nothingCollected)],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name={`${id}-collected`}
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  className="size-5 accent-green-700"
                />
                {text}
              </label>
            ))}
          </div>
          {choice === 'UPI' && (
            <div className="max-w-xs">
              <label htmlFor={`${id}-utr`} className="field-label">
                {t(x.upiReference)}
              </label>
              <input
                id={`${id}-utr`}
                className="field-input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={UTR_LENGTH}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
          )}
        </fieldset>
      )}
      <ErrorBlock messages={problem ? [problem] : mark.isError ? errorMessages(mark.error) : null} />
      <button
        type="submit"
        className="btn-primary min-h-11 self-start"
        disabled={mark.isPending}
        aria-label={t(x.markDeliveredOrder, { id: label })}
      >
        {mark.isPending ? t(x.marking) : t(x.markDelivered)}
      </button>
    </form>
  );
}

export function RunStopCard({
  stop,
  number,
  onDelivered,
}: {
  stop: RunStop;
  number: number;
  /** Told once the stop is delivered (it then leaves the run). */
  onDelivered: (message: string) => void;
}) {
  const t = useT();
  const label = orderNumberLabel(stop.orderNumber);
  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby={`stop-${stop.orderId}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-sm font-semibold text-stone-600">{t(x.stopNumber, { number })}</p>
          <h3 id={`stop-${stop.orderId}`} className="text-lg font-bold text-stone-900">
            {stop.name}
          </h3>
          <Link
            to={paths.admin.updateOrder(stop.orderId)}
            className="font-mono text-sm text-green-800 underline-offset-4 hover:underline"
            aria-label={t(x.orderOfName, { id: label, name: stop.name })}
          >
            {label}
          </Link>
        </div>
        <OrderStatusBadge status={stop.status} variant="compact" />
      </header>
      <address className="text-stone-800 not-italic">
        {stop.address}, {stop.city} {stop.pinCode}
      </address>
      <div className="flex flex-wrap gap-2">
        <a
          href={telUrlOf(stop.mobile)}
          className="btn-secondary inline-flex min-h-11 items-center"
          aria-label={t(x.callName, { name: stop.name, mobile: stop.mobile })}
        >
          {t(x.call, { mobile: stop.mobile })}
        </a>
        <a
          href={mapUrlOf(stop)}
          target="_blank"
          rel="noreferrer"
          className="btn-secondary inline-flex min-h-11 items-center"
          aria-label={t(x.mapOf, { name: stop.name })}
        >
          {t(x.map)}
        </a>
      </div>
      <p className="text-stone-800">
        <span className="font-semibold">{t(x.toCollect)}: </span>
        {stop.amountDue > 0 ? (
          <>
            <strong className="text-xl text-stone-900">{formatRupees(stop.amountDue)}</strong>
            {stop.estimate && <span className="text-sm text-stone-600"> ({t(x.estimate)})</span>}
          </>
        ) : (
          <span>
            {t(x.nothingToCollect)}
            {stop.paymentMethod ? ` · ${t(x.paidBy, { method: stop.paymentMethod })}` : ''}
          </span>
        )}
      </p>
      {stop.status === 'Shipped' ? (
        <DeliverForm stop={stop} onDelivered={onDelivered} />
      ) : (
        <div className="flex flex-col gap-2 print:hidden">
          <p className="text-sm text-stone-700">{t(x.notShippedYet)}</p>
          <Link
            to={stop.estimate ? paths.admin.packOrder(stop.orderId) : paths.admin.updateOrder(stop.orderId)}
            className="self-start text-sm font-semibold text-green-800 underline-offset-4 hover:underline"
          >
            {stop.estimate ? t(x.packIt, { id: label }) : t(x.openOrder, { id: label })}
          </Link>
        </div>
      )}
    </article>
  );
}
