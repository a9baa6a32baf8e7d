/**
 * The run sheet (decision 0033): a date's (and slot's) Shipped and Processing orders in route
 * order, as cards the delivery person uses on a phone (call, map, amount to collect, mark
 * delivered), printable on one clean A4 sheet (only the heading and table print: `data-print-only`
 * in styles.css), downloadable as CSV, and the end-of-day cash close under it.
 */
import { formatRupees } from '@mandi/shared';
import { orderNumberLabel } from '@mandi/shared/kernel';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SuccessLine } from '../../../components/admin/form-messages';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDayBookings } from '../api/admin-delivery';
import { deliveryRunCsvUrl, useDeliveryRun } from '../api/delivery-run';
import { CashCloseSection } from '../components/cash-close';
import { formatSlotDate, formatSlotHours, shopToday } from '../components/format-slot';
import { RunStopCard } from '../components/run-stop-card';
import { deliveryRunTexts as x } from '../delivery-run.texts';

const isDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

/** A4 with margins a printer keeps; only while this page is on screen. */
const PRINT_PAGE = '@page { size: A4; margin: 12mm; }';

export default function DeliveryRunPage() {
  const t = useT();
  const id = useId();
  usePageTitle(x.runSheet);
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? shopToday();
  const slotId = params.get('slotId') ?? '';
  const run = useDeliveryRun(date, slotId);
  const slots = useDayBookings(date);
  const [delivered, setDelivered] = useState<string | null>(null);
  const slot = slots.data?.find((item) => item._id === slotId);
  const slotHours = slot ? formatSlotHours(slot) : '';

  const choose = (next: { date?: string; slotId?: string }) => {
    const nextDate = next.date ?? date;
    const nextSlot = next.slotId ?? (next.date !== undefined ? '' : slotId);
    const query = new URLSearchParams({ date: nextDate });
    if (nextSlot) query.set('slotId', nextSlot);
    setParams(query, { replace: true });
    setDelivered(null);
  };

  const stops = run.data?.stops ?? [];
  const heading = slotHours
    ? `${t(x.runSheetOfDate, { date: formatSlotDate(date) })}, ${slotHours}`
    : t(x.runSheetOfDate, { date: formatSlotDate(date) });

  return (
    <div className="flex flex-col gap-8">
      <style>{PRINT_PAGE}</style>
      <div className="print:hidden">
        <AdminPageHeader title={t(x.runSheet)} back={{ to: paths.admin.delivery(), label: t(x.backToDelivery) }} />
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-full max-w-44">
            <label htmlFor={`${id}-date`} className="field-label">
              {t(x.deliveryDate)}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="field-input"
              value={date}
              onChange={(event) => choose({ date: event.target.value })}
            />
          </div>
          <div className="w-full max-w-52">
            <label htmlFor={`${id}-slot`} className="field-label">
              {t(x.slot)}
            </label>
            <select
              id={`${id}-slot`}
              className="field-input"
              value={slotId}
              onChange={(event) => choose({ slotId: event.target.value })}
            >
              <option value="">{t(x.allSlots)}</option>
              {slots.data?.map((item) => (
                <option key={item._id} value={item._id}>
                  {formatSlotHours(item)}
                </option>
              ))}
              {slotId && !slot && <option value={slotId}>{slotId}</option>}
            </select>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary min-h-11"
              onClick={() => window.print()}
              aria-label={t(x.printTheRunSheet)}
              disabled={!run.data}
            >
              {t(x.print)}
            </button>
            {isDate(date) && (
              <a
                href={deliveryRunCsvUrl(date, slotId)}
                download
                className="btn-secondary inline-flex min-h-11 items-center"
                aria-label={t(x.downloadTheRunSheetCsv)}
              >
                {t(x.downloadCsv)}
              </a>
            )}
          </div>
        </div>
      </div>

      <section aria-labelledby="run-heading" className="flex flex-col gap-4 print:hidden">
        <h2 id="run-heading" className="text-xl font-bold text-stone-900">
          {heading}
        </h2>
        <SuccessLine message={delivered} />
        {!isDate(date) ? (
          <p className="text-stone-600">{t(x.pickADate)}</p>
        ) : run.isPending ? (
          <p className="text-stone-600">{t(x.loadingTheRun)}</p>
        ) : run.isError ? (
          <p className="error-text" role="alert">
            {errorMessages(run.error).join(' ')}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:max-w-2xl sm:grid-cols-3">
              <div className="rounded-xl bg-stone-50 px-4 py-3">
                <dt className="text-sm font-semibold text-stone-600">{t(x.stopsInOrder)}</dt>
                <dd className="text-lg font-bold text-stone-900">
                  {stops.length === 1 ? t(x.oneStop) : t(x.stopsCount, { count: stops.length })}
                </dd>
              </div>
              <div className="rounded-xl bg-stone-50 px-4 py-3">
                <dt className="text-sm font-semibold text-stone-600">{t(x.cashToCollect)}</dt>
                <dd className="text-lg font-bold text-stone-900">{formatRupees(run.data.expectedCash)}</dd>
              </div>
              <div className="rounded-xl bg-stone-50 px-4 py-3">
                <dt className="text-sm font-semibold text-stone-600">{t(x.collectedSoFar)}</dt>
                <dd className="text-lg font-bold text-stone-900">{formatRupees(run.data.collectedCash)}</dd>
              </div>
            </dl>
            {stops.length === 0 ? (
              <p className="card p-5 text-stone-600">
                {slotHours
                  ? t(x.noStopsInSlot, { hours: slotHours, date: formatSlotDate(date) })
                  : t(x.noStops, { date: formatSlotDate(date) })}
              </p>
            ) : (
              <ol className="grid gap-4 lg:grid-cols-2" aria-label={t(x.stopsInOrder)}>
                {stops.map((stop, index) => (
                  <li key={stop.orderId}>
                    <RunStopCard stop={stop} number={index + 1} onDelivered={setDelivered} />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </section>

      {run.data && (
        <section data-print-only className="hidden text-sm print:block">
          <h2 className="mb-2 text-lg font-bold">{heading}</h2>
          <table className="w-full text-left">
            <thead>
              <tr>
                {[
                  x.printNumber,
                  x.printOrder,
                  x.printCustomer,
                  x.printMobile,
                  x.printDue,
                  x.printCollected,
                  x.printSign,
                ].map((header) => (
                  <th key={header.id} scope="col" className="py-1 pr-2">
                    {t(header)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stops.map((stop, index) => (
                <tr key={stop.orderId} className="break-inside-avoid align-top">
                  <td className="py-1 pr-2">{index + 1}</td>
                  <td className="py-1 pr-2 whitespace-nowrap">
                    {orderNumberLabel(stop.orderNumber)}
                    <br />
                    {stop.slot.start}–{stop.slot.end}
                  </td>
                  <td className="py-1 pr-2">
                    <strong>{stop.name}</strong>
                    <br />
                    {stop.address}, {stop.city} {stop.pinCode}
                  </td>
                  <td className="py-1 pr-2 whitespace-nowrap">{stop.mobile}</td>
                  <td className="py-1 pr-2 whitespace-nowrap">
                    {stop.amountDue > 0 ? formatRupees(stop.amountDue) : (stop.paymentMethod ?? '–')}
                    {stop.amountDue > 0 && stop.estimate && <span className="block text-xs">{t(x.estimate)}</span>}
                  </td>
                  <td className="w-20 py-1 pr-2" />
                  <td className="w-24 py-1" />
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 font-bold">{t(x.printTotal, { amount: formatRupees(run.data.expectedCash) })}</p>
        </section>
      )}

      <CashCloseSection date={date} />
    </div>
  );
}
