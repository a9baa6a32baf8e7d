/** Dates as the shop shows them: '12 Mar 2026' in the shop's locale, from the API's ISO timestamps. */
const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** An order's date; text that is not a date is shown as sent rather than as "Invalid Date". */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormatter.format(date);
}
