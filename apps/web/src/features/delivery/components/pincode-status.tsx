/**
 * What the PIN code check says, in a polite live region that stays on the page (so a screen reader
 * hears each new answer): the server's message, "Checking…" while it asks, or the failure; six digits
 * that are no Indian PIN code (000123, 912345) are told so at once, without asking the server.
 */
import { pinCodeProblem } from '@mandi/shared/kernel';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { errorMessages, serverText } from '../../../lib/api-client';
import { currentLanguage, formatRupees, translate, useT } from '../../../lib/i18n';
import type { PincodeCheck } from '../api/check-pincode';
import { deliveryShopTexts as x } from '../delivery-shop.texts';

/** The server's sentence (English), or the shop's own when it sends none or Hindi is on. */
function describe(pinCode: string, check: PincodeCheck): string {
  if (check.message && currentLanguage() === 'en') return check.message;
  if (!check.serviceable) return translate(x.notDelivered, { pin: pinCode });
  if (!check.zone) return '';
  const { zone } = check;
  const terms =
    zone.deliveryFee === 0
      ? translate(x.freeDelivery)
      : zone.freeAbove === null
        ? translate(x.deliveryFee, { fee: formatRupees(zone.deliveryFee) })
        : translate(x.freeAbove, { amount: formatRupees(zone.freeAbove) });
  return translate(x.weDeliver, { pin: pinCode, zone: zone.name, terms });
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
  const t = useT();
  let text = '';
  let tone = 'text-stone-700';
  if (pinCodeProblem(pinCode) === 'pinNotIndian') {
    text = t(serverText({ code: 'pinNotIndian', message: SERVER_MESSAGES.pinNotIndian }));
    tone = 'text-red-700';
  } else if (query.isFetching && !query.data) text = t(x.checkingPin);
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
