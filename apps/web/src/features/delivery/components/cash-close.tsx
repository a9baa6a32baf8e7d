/**
 * The end-of-day cash close (decision 0033): the date's expected and collected cash, the amount
 * counted with the difference shown as it is typed, a note, and every close of the last 30 days
 * (a date may be closed again; the latest counts).
 */
import { formatRupees } from '@mandi/shared';
import { formatShopTime, paiseToRupees, rupeesToPaise } from '@mandi/shared/kernel';
import { CASH_CLOSE_MAX_RUPEES, CASH_CLOSE_NOTE_MAX, type CashClose } from '@mandi/shared/schemas';
import { useId, useState } from 'react';
import { AdminTable, cellClass, QueryRows } from '../../../components/admin/admin-table';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { currentLanguage, type Translate, useT } from '../../../lib/i18n';
import { useCashCloses, useCloseDay, useDeliveryRun } from '../api/delivery-run';
import { deliveryRunTexts as x } from '../delivery-run.texts';
import { formatSlotDate } from './format-slot';

/** Rupees typed by a person: digits with at most 2 decimals, within the close's limit; else null. */
export function parseCountedRupees(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount <= CASH_CLOSE_MAX_RUPEES ? amount : null;
}

/** Counted less collected, in words and rupees: "Short by ₹10", "Over by ₹2.50", "Matches". */
export function differenceText(difference: number, t: Translate): string {
  const paise = rupeesToPaise(difference);
  if (paise === 0) return t(x.differenceNone);
  const amount = formatRupees(paiseToRupees(Math.abs(paise)));
  return paise < 0 ? t(x.differenceShort, { amount }) : t(x.differenceOver, { amount });
}

const closedAtOptions = { dateStyle: 'medium', timeStyle: 'short' } as const;

function Figure({ label, value, emphasis }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="flex flex-col rounded-xl bg-stone-50 px-4 py-3">
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className={emphasis ? 'text-xl font-bold text-stone-900' : 'text-lg font-semibold text-stone-900'}>
        {value}
      </dd>
    </div>
  );
}

function CloseForm({ date }: { date: string }) {
  const t = useT();
  const id = useId();
  const run = useDeliveryRun(date);
  const closeDay = useCloseDay();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const countedRupees = parseCountedRupees(counted);
  const collected = run.data?.collectedCash ?? 0;
  const difference =
    countedRupees === null ? null : paiseToRupees(rupeesToPaise(countedRupees) - rupeesToPaise(collected));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(null);
    if (countedRupees === null) return setProblem(t(x.countedInvalid));
    if (note.trim().length > CASH_CLOSE_NOTE_MAX) return setProblem(t(x.noteAtMost));
    setProblem(null);
    closeDay.mutate(
      { date, countedCash: countedRupees, note: note.trim() },
      {
        onSuccess: (close) => {
          setDone(
            t(x.dayClosed, {
              date: formatSlotDate(close.date),
              counted: formatRupees(close.countedCash),
              difference: differenceText(close.difference, t),
            }),
          );
          setCounted('');
          setNote('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="card flex flex-col gap-4 p-4" noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-lg font-bold text-stone-900">
        {t(x.closeTheDay)}: {formatSlotDate(date)}
      </h3>
      <p className="text-sm text-stone-600">{t(x.closeHint, { date: formatSlotDate(date) })}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite">
        <Figure label={t(x.expected)} value={run.data ? formatRupees(run.data.expectedCash) : '…'} />
        <Figure label={t(x.collectedCash)} value={run.data ? formatRupees(collected) : '…'} />
        <Figure label={t(x.counted)} value={countedRupees === null ? '–' : formatRupees(countedRupees)} />
        <Figure
          label={t(x.difference)}
          value={difference === null || !run.data ? '–' : differenceText(difference, t)}
          emphasis
        />
      </dl>
      {run.data?.counterCash.length ? (
        <p className="text-sm text-stone-600">
          {t(x.counterCashOf)}{' '}
          {run.data.counterCash
            .map((device) => `${device.series} ${device.name}: ${formatRupees(device.cash)}`)
            .join(' · ')}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-counted`} className="field-label">
            {t(x.countedCash)}
          </label>
          <input
            id={`${id}-counted`}
            className="field-input"
            inputMode="decimal"
            autoComplete="off"
            value={counted}
            onChange={(event) => setCounted(event.target.value)}
            aria-invalid={counted !== '' && countedRupees === null}
          />
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="field-label">
            {t(x.note)}
          </label>
          <input
            id={`${id}-note`}
            className="field-input"
            maxLength={CASH_CLOSE_NOTE_MAX}
            placeholder={t(x.notePlaceholder)}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      </div>
      <ErrorBlock messages={problem ? [problem] : closeDay.isError ? errorMessages(closeDay.error) : null} />
      <SuccessLine message={done} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary min-h-11" disabled={closeDay.isPending}>
          {closeDay.isPending ? t(x.closing) : t(x.closeDay)}
        </button>
        <p className="text-sm text-stone-600">{t(x.closedAgain)}</p>
      </div>
    </form>
  );
}

const CLOSE_HEADERS = [x.date, x.expected, x.collectedCash, x.counted, x.difference, x.note, x.closedAt];

function ClosesTable() {
  const t = useT();
  const closes = useCashCloses();
  const when = (close: CashClose) => formatShopTime(new Date(close.closedAt), closedAtOptions, currentLanguage());
  return (
    <AdminTable caption={t(x.closesCaption)} headers={CLOSE_HEADERS}>
      <QueryRows query={closes} items={closes.data} columns={CLOSE_HEADERS.length} empty={t(x.noCloses)}>
        {(close) => (
          <tr key={close._id} className={close.latest ? 'hover:bg-stone-50' : 'text-stone-500 hover:bg-stone-50'}>
            <td className={`${cellClass} font-semibold whitespace-nowrap text-stone-900`}>
              {formatSlotDate(close.date)}
              <span className="block text-xs font-normal text-stone-600">
                {close.latest ? t(x.latest) : t(x.replaced)}
              </span>
            </td>
            <td className={cellClass}>{formatRupees(close.expectedCash)}</td>
            <td className={cellClass}>{formatRupees(close.collectedCash)}</td>
            <td className={cellClass}>{formatRupees(close.countedCash)}</td>
            <td className={`${cellClass} font-semibold whitespace-nowrap`}>{differenceText(close.difference, t)}</td>
            <td className={`${cellClass} max-w-64 break-words`}>{close.note}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(close)}</td>
          </tr>
        )}
      </QueryRows>
    </AdminTable>
  );
}

export function CashCloseSection({ date }: { date: string }) {
  const t = useT();
  return (
    <section aria-labelledby="cash-close-heading" className="flex flex-col gap-4 print:hidden">
      <h2 id="cash-close-heading" className="text-xl font-bold text-stone-900">
        {t(x.closes)}
      </h2>
      {/^\d{4}-\d{2}-\d{2}$/.test(date) && <CloseForm key={date} date={date} />}
      <ClosesTable />
    </section>
  );
}
