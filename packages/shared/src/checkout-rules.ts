/** Checkout form rules shared by the browser (and mirrored by the server's shipping schema). */
import { MOBILE_NUMBER_LENGTH } from './constants.js';
import { pinCodeProblem } from './kernel/pin-code.js';
import type { MessageCode } from './server-messages.js';

const digits = (length: number) => new RegExp(`^\\d{${length}}$`);

/**
 * The checkout form's checks in their fixed order (docs/product.md#checkout): mobile, pin, then blanks.
 * Returns the code (SERVER_MESSAGES) of the first message to show, or null when the form may go on:
 * the spec's texts (mobileLength, pinLength, allFieldsRequired) and, for six digits no Indian PIN
 * code has, pinNotIndian.
 */
export function findShippingProblem(form: {
  address: string;
  city: string;
  mobileNumber: string;
  pinCode: string;
}): Extract<MessageCode, 'mobileLength' | 'pinLength' | 'pinNotIndian' | 'allFieldsRequired'> | null {
  if (!digits(MOBILE_NUMBER_LENGTH).test(form.mobileNumber.trim())) return 'mobileLength';
  const pinProblem = pinCodeProblem(form.pinCode.trim());
  if (pinProblem) return pinProblem;
  if (!form.address.trim() || !form.city.trim()) return 'allFieldsRequired';
  return null;
}
