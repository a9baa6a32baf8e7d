/**
 * A UPI transaction reference (UTR): the 12 digits a bank's app shows for a payment. The server
 * refuses a UPI payment or refund without one; the delivery person's screen says so as it is typed.
 */

/** A UTR's length, for an input's `maxLength`. */
export const UTR_LENGTH = 12;

/** Whether `reference` is a UTR: exactly 12 digits ("633012345678"), nothing around them. */
export const isUtr = (reference: string): boolean => /^\d{12}$/.test(reference);
