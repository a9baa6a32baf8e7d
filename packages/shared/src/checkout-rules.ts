/** Checkout form rules shared by the browser (and mirrored by the server's shipping schema). */
import { MOBILE_NUMBER_LENGTH, PIN_CODE_LENGTH } from './constants.js';
import type { MESSAGES } from './messages.js';

const digits = (length: number) => new RegExp(`^\\d{${length}}$`);

/**
 * The checkout form's checks in their fixed order (docs/product.md#checkout): mobile, pin, then blanks.
 * Returns the key in MESSAGES of the first message to show, or null when the form may go on.
 */
export function findShippingProblem(form: {
  address: string;
  city: string;
  mobileNumber: string;
  pinCode: string;
}): keyof typeof MESSAGES | null {
  if (!digits(MOBILE_NUMBER_LENGTH).test(form.mobileNumber.trim())) return 'mobileLength';
  if (!digits(PIN_CODE_LENGTH).test(form.pinCode.trim())) return 'pinLength';
  if (!form.address.trim() || !form.city.trim()) return 'allFieldsRequired';
  return null;
}
