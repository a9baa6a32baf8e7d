/** Hooks that re-render a component when the language changes. */
import { formatInUnit as formatInUnitIn, formatRupees as formatRupeesIn } from '@mandi/shared';
import { formatShopTime, shopClockOf, shopDateOf, unitName as unitNameIn, unitOrDefault } from '@mandi/shared/kernel';
import { useCallback, useSyncExternalStore } from 'react';
import { currentLanguage, onLanguageChange } from './language';
import { type Language, type Text, translate, type Values } from './texts';

export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage, () => 'en' as const);
}

export type Translate = (text: Text, values?: Values) => string;

/** `t(texts.key, { name })` in the active language (a server message is a text too: see api-client). */
export function useT(): Translate {
  const language = useLanguage();
  // A new function per language, so memoised children that take `t` render again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what makes it new.
  return useCallback((text: Text, values?: Values) => translate(text, values), [language]);
}

/** ₹ in the active language (en-IN / hi-IN); call inside a component that uses `useT` or `useLanguage`. */
export function formatRupees(amount: number): string {
  return formatRupeesIn(amount, currentLanguage());
}

/** The unit as a rate is written after it ("kg", "dozen"; "किलो", "दर्जन"); kg when absent. */
export function unitName(unit: string | undefined): string {
  return unitNameIn(unitOrDefault(unit), currentLanguage());
}

/** A quantity in its unit ("250 g", "1 dozen", "2 litres"; kg when the unit is absent) in the active language. */
export function formatInUnit(quantity: number, unit: string | undefined): string {
  return formatInUnitIn(quantity, unit, currentLanguage());
}

const shopDateOptions = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/**
 * '12 Mar 2026' / '12 मार्च 2026', the instant's date in shop time (the kernel's formatter, made on
 * first use); text that is not a date is shown as sent rather than as "Invalid Date".
 */
export function formatShopDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatShopTime(date, shopDateOptions, currentLanguage());
}

/**
 * When something was read, in shop time: "07:10", with its date before it when that was not today
 * ("12 Mar 2026 10:10"), as the offline banner and the kept answers say it.
 */
export function formatAsOf(time: number, now = Date.now()): string {
  const instant = new Date(time);
  const clock = shopClockOf(instant);
  return shopDateOf(instant) === shopDateOf(new Date(now))
    ? clock
    : `${formatShopDate(instant.toISOString())} ${clock}`;
}
