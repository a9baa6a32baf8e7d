/**
 * What the PIN code check says, in a polite live region that stays on the page (so a screen reader
 * hears each new answer): the server's message, "Checking…" while it asks, or the failure.
 */
import { formatRupees } from '@mandi/shared';
import { errorMessages } from '../../../lib/api-client';
import type { PincodeCheck } from '../api/check-pincode';

/** The shop's own sentence when the server sends none. */
function describe(pinCode: string, check: PincodeCheck): string {
  if (check.message) return check.message;
  if (!check.serviceable) return `Sorry, we do not deliver to ${pinCode} yet`;
  if (!check.zone) return '';
  const { zone } = check;
  const terms =
    zone.deliveryFee === 0
      ? 'free delivery'
      : zone.freeAbove === null
        ? `delivery ${formatRupees(zone.deliveryFee)}`
        : `free above ${formatRupees(zone.freeAbove)}`;
  return `We deliver to ${pinCode}: ${zone.name}, ${terms}`;
}

export function PincodeStatus({
  id,
  pinCode,
  query,
}: {
  id?: string;
  pinCode: string;
  query: { data: PincodeCheck | undefined; isFetching: boolean; isError: boolean; error: unknown };
}) {
  let text = '';
  let tone = 'text-stone-700';
  if (query.isFetching && !query.data) text = 'Checking the PIN code…';
  else if (query.isError) {
    text = errorMessages(query.error).join(' ');
    tone = 'text-red-700';
  } else if (query.data) {
    text = describe(pinCode, query.data);
    tone = query.data.serviceable ? 'text-green-800' : 'text-red-700';
  }
  return (
    <p id={id} role="status" aria-live="polite" className={`min-h-5 text-sm font-semibold ${tone}`}>
      {text}
    </p>
  );
}
