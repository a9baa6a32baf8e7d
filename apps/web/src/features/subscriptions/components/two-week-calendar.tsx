/**
 * A standing order's next two weeks, today first, seven days a row at every width: each day it
 * delivers on is a button showing what happens then (word, icon and colour, see day-state.tsx);
 * choosing one shows it below with what may still be done: skip it, bring a skipped day back
 * (until that day's cut-off), or see the order made for it. Days it does not deliver on are plain.
 */
import { addDays, formatShopDay, weekdayOf } from '@mandi/shared/kernel';
import type { Subscription } from '@mandi/shared/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage, useT } from '../../../lib/i18n';
import { formatSlotDate } from '../../delivery';
import { WEEKDAYS } from '../standing-words';
import { subscriptionsTexts as x } from '../subscriptions.texts';
import { DAY_STATES, type DayState, DayStateIcon } from './day-state';

const DAYS_SHOWN = 14;

/** "Dec" / "दिस॰": the month of a shop date, as the dates beside it write it. */
const monthOf = (date: string) => formatShopDay(date, { month: 'short' }, currentLanguage());

const weekdayText = (date: string) => WEEKDAYS.find((day) => day.value === weekdayOf(date))?.short ?? x.mon;

export function TwoWeekCalendar({
  subscription,
  name,
  today,
  changesOpenFrom,
  closedNotes,
  isBusy,
  onSkip,
  onUndoSkip,
}: {
  subscription: Subscription;
  /** The product's name, as the page shows it. */
  name: string;
  today: string;
  changesOpenFrom: string;
  /** The shop's closed dates, with their notes. */
  closedNotes: ReadonlyMap<string, string>;
  isBusy: boolean;
  onSkip: (date: string) => void;
  onUndoSkip: (date: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const states = new Map(subscription.upcoming.map((entry) => [entry.date, entry]));
  const days = Array.from({ length: DAYS_SHOWN }, (_, index) => addDays(today, index));
  const shownStates = [...new Set(subscription.upcoming.map((entry) => entry.state))];
  const chosen = selected ? states.get(selected) : undefined;
  const isEnded = subscription.status === 'ended';

  return (
    <div className="flex flex-col gap-3">
      <h3 id={`${id}-heading`} className="font-bold text-stone-900">
        {t(x.calendar)}
      </h3>
      {subscription.upcoming.length === 0 ? (
        <p className="text-sm text-stone-700">{t(x.noDeliveriesInTwoWeeks)}</p>
      ) : (
        <>
          <ol className="grid grid-cols-7 gap-1 sm:gap-2" aria-label={t(x.calendarOf, { name })}>
            {days.map((date) => {
              const entry = states.get(date);
              const weekday = t(weekdayText(date));
              const dayNumber = Number(date.slice(8));
              if (!entry) {
                return (
                  <li
                    key={date}
                    className="flex min-h-14 flex-col items-center justify-center rounded-lg border border-stone-200 px-0.5 py-1 text-stone-600"
                  >
                    <span className="text-xs">{weekday}</span>
                    <span className="text-base font-semibold">{dayNumber}</span>
                    <span className="sr-only">
                      {formatSlotDate(date)}: {t(x.noDelivery)}
                    </span>
                  </li>
                );
              }
              const state = DAY_STATES[entry.state];
              const isChosen = selected === date;
              return (
                <li key={date}>
                  {/* Named by what it shows, "Tue 1 Dec: Coming": the month and the colon are for screen readers only. */}
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    aria-controls={`${id}-day`}
                    onClick={() => setSelected(isChosen ? null : date)}
                    className={`flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-lg border-2 px-0.5 py-1 ${state.cell} ${
                      isChosen ? 'ring-2 ring-stone-900 ring-offset-2' : ''
                    }`}
                  >
                    <span className="text-xs">{weekday}</span>{' '}
                    <span className="text-base leading-none font-bold">{dayNumber}</span>{' '}
                    <span className="sr-only">{monthOf(date)}:</span> <DayStateIcon state={entry.state} />
                    <span className="sr-only text-center text-xs leading-tight font-semibold sm:not-sr-only sm:block">
                      {t(state.label)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <div id={`${id}-day`} aria-live="polite" className="rounded-xl bg-stone-50 p-3 text-sm">
            {selected && chosen ? (
              <DayDetails
                date={selected}
                state={chosen.state}
                orderId={chosen.orderId}
                note={closedNotes.get(selected)}
                canChange={!isEnded && selected >= changesOpenFrom}
                isBusy={isBusy}
                onSkip={() => onSkip(selected)}
                onUndoSkip={() => onUndoSkip(selected)}
              />
            ) : (
              <p className="text-stone-700">{t(x.chooseDay)}</p>
            )}
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-label={t(x.legend)}>
            {shownStates.map((state) => (
              <li key={state} className="flex items-center gap-1">
                <span className={`inline-flex rounded border p-0.5 ${DAY_STATES[state].cell}`}>
                  <DayStateIcon state={state} className="h-3 w-3" />
                </span>
                {t(DAY_STATES[state].label)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function DayDetails({
  date,
  state,
  orderId,
  note,
  canChange,
  isBusy,
  onSkip,
  onUndoSkip,
}: {
  date: string;
  state: DayState;
  orderId: string | undefined;
  note: string | undefined;
  canChange: boolean;
  isBusy: boolean;
  onSkip: () => void;
  onUndoSkip: () => void;
}) {
  const t = useT();
  const dateText = formatSlotDate(date);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="flex items-center gap-2 font-semibold text-stone-900">
        <DayStateIcon state={state} />
        {t(x.dayState, { date: dateText, state: t(DAY_STATES[state].label) })}
        {note ? <span className="font-normal text-stone-700">({note})</span> : null}
      </p>
      {state === 'due' && canChange ? (
        <button
          type="button"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={isBusy}
          onClick={onSkip}
          aria-label={t(x.skipDate, { date: dateText })}
        >
          {t(x.skip)}
        </button>
      ) : state === 'skipped' && canChange ? (
        <button
          type="button"
          className="btn-secondary px-4 py-1.5 text-sm"
          disabled={isBusy}
          onClick={onUndoSkip}
          aria-label={t(x.undoSkipDate, { date: dateText })}
        >
          {t(x.undoSkip)}
        </button>
      ) : state === 'made' && orderId ? (
        <Link
          to={paths.orderDetails(orderId)}
          className="font-semibold text-green-800 underline"
          aria-label={t(x.seeOrderOf, { date: dateText })}
        >
          {t(x.seeOrder)}
        </Link>
      ) : state === 'due' || state === 'skipped' ? (
        <span className="text-stone-700">{t(x.locked)}</span>
      ) : null}
    </div>
  );
}
