/**
 * The delivery slot picker: the next 7 days as tabs (one tab stop, arrow keys, Home and End move
 * between days), each day's slots as radios named by their time and state ("7:00–9:00, 3 left").
 * Full and closed slots are listed but cannot be chosen. Controlled: the checkout owns the choice.
 */
import type { Slot } from '@mandi/shared/delivery';
import { addDays, formatIndianNumber } from '@mandi/shared/kernel';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { translate, useT } from '../../../lib/i18n';
import { deliveryShopTexts as x } from '../delivery-shop.texts';
import { formatSlotDate, formatSlotHours, shopToday } from './format-slot';

const DAYS_SHOWN = 7;

/** "3 left", "No limit" (capacity null: never a huge count), "Full" or "Closed". */
export function slotState(slot: Slot): string {
  if (!slot.isAvailable) return translate(slot.remaining === 0 ? x.full : x.closed);
  return slot.remaining === null
    ? translate(x.noLimit)
    : translate(x.left, { count: formatIndianNumber(slot.remaining) });
}

/** The first slot that can be booked, earliest first. */
export function firstAvailableSlot(slots: Slot[]): Slot | null {
  return slots.find((slot) => slot.isAvailable) ?? null;
}

/** Today and the next 6 shop days, plus any other date the server listed (a day boundary crossed between clocks). */
function daysOf(slots: Slot[], today: string): string[] {
  const days = new Set(Array.from({ length: DAYS_SHOWN }, (_, index) => addDays(today, index)));
  for (const slot of slots) days.add(slot.date);
  return [...days].sort();
}

export function SlotPicker({
  slots,
  value,
  onChange,
  problem,
  today = shopToday(),
}: {
  slots: Slot[];
  /** The chosen slot's id, or null. */
  value: string | null;
  onChange: (slot: Slot) => void;
  /** Why the shopper must choose again (a slot filled up), shown above the days. */
  problem?: string | null;
  today?: string;
}) {
  const baseId = useId();
  const t = useT();
  const days = daysOf(slots, today);
  const chosen = slots.find((slot) => slot._id === value) ?? null;
  const [openDay, setOpenDay] = useState<string>(
    () => chosen?.date ?? firstAvailableSlot(slots)?.date ?? days[0] ?? today,
  );
  const shownDay = days.includes(openDay) ? openDay : (days[0] ?? today);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabId = (day: string) => `${baseId}-tab-${day}`;
  const panelId = `${baseId}-panel`;
  const problemId = `${baseId}-problem`;

  function openTab(day: string) {
    setOpenDay(day);
    tabRefs.current.get(day)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = days.indexOf(shownDay);
    const target =
      event.key === 'ArrowRight'
        ? days[(index + 1) % days.length]
        : event.key === 'ArrowLeft'
          ? days[(index - 1 + days.length) % days.length]
          : event.key === 'Home'
            ? days[0]
            : event.key === 'End'
              ? days[days.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    openTab(target);
  }

  const daySlots = slots.filter((slot) => slot.date === shownDay);

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${baseId}-heading`}>
      <h3 id={`${baseId}-heading`} className="font-bold text-stone-900">
        {t(x.deliverySlot)}
      </h3>
      {problem && (
        <p id={problemId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
      <div role="tablist" aria-label={t(x.deliveryDay)} className="flex gap-1.5 overflow-x-auto pb-1">
        {days.map((day) => {
          const isOpen = day === shownDay;
          const free = slots.filter((slot) => slot.date === day && slot.isAvailable).length;
          return (
            <button
              key={day}
              ref={(node) => {
                if (node) tabRefs.current.set(day, node);
                else tabRefs.current.delete(day);
              }}
              id={tabId(day)}
              type="button"
              role="tab"
              aria-selected={isOpen}
              aria-controls={panelId}
              tabIndex={isOpen ? 0 : -1}
              onClick={() => setOpenDay(day)}
              onKeyDown={handleKeyDown}
              className={`flex min-w-[4.25rem] shrink-0 flex-col items-center rounded-xl border px-2 py-1.5 text-xs font-semibold transition ${
                isOpen
                  ? 'border-green-700 bg-green-700 text-white'
                  : free
                    ? 'border-stone-300 bg-white text-stone-800 hover:border-green-600'
                    : 'border-stone-200 bg-stone-50 text-stone-500'
              }`}
            >
              {/* The space keeps the tab's name "Tue 24 Nov", as it reads (the spans stack). */}
              <span>{formatSlotDate(day).split(' ')[0]}</span>{' '}
              <span className="text-sm">{formatSlotDate(day).split(' ').slice(1).join(' ')}</span>
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(shownDay)}>
        {daySlots.length === 0 ? (
          <p className="text-sm text-stone-600">{t(x.noDelivery, { date: formatSlotDate(shownDay) })}</p>
        ) : (
          <fieldset aria-describedby={problem ? problemId : undefined}>
            <legend className="sr-only">{t(x.slotsOn, { date: formatSlotDate(shownDay) })}</legend>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
              {daySlots.map((slot) => {
                const state = slotState(slot);
                const inputId = `${baseId}-slot-${slot._id}`;
                const isChosen = slot._id === value;
                return (
                  <li key={slot._id}>
                    <label
                      htmlFor={inputId}
                      className={`flex items-center gap-3 rounded-xl border px-3 py-2.5 text-sm ${
                        !slot.isAvailable
                          ? 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-500'
                          : isChosen
                            ? 'cursor-pointer border-green-700 bg-green-50 text-stone-900'
                            : 'cursor-pointer border-stone-300 text-stone-900 hover:border-green-600'
                      }`}
                    >
                      <input
                        id={inputId}
                        type="radio"
                        name={`${baseId}-slot`}
                        value={slot._id}
                        checked={isChosen}
                        disabled={!slot.isAvailable}
                        onChange={() => onChange(slot)}
                        aria-label={`${formatSlotHours(slot)}, ${state}`}
                        className="h-4 w-4 accent-green-700"
                      />
                      <span className="flex-1 font-semibold whitespace-nowrap">{formatSlotHours(slot)}</span>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                          slot.isAvailable ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-700'
                        }`}
                      >
                        {state}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </div>
    </section>
  );
}
