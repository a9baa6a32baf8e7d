/**
 * Indian PIN codes: six digits, the first naming the postal region, 1 to 8 (9 is the Army Postal
 * Service's, 0 is no region). The browser and the server judge a PIN code and a zone's PIN prefix
 * with these same rules, so a code the checkout accepts is one the server accepts.
 */

/** Why `text` is not an Indian PIN code: the spec's length message, or a code no region has; null when it is one. */
export function pinCodeProblem(text: string): 'pinLength' | 'pinNotIndian' | null {
  if (!/^\d{6}$/.test(text)) return 'pinLength';
  return /^[1-8]/.test(text) ? null : 'pinNotIndian';
}

/** Six digits, the first 1 to 8. */
export const isIndianPinCode = (text: string): boolean => pinCodeProblem(text) === null;

/** A zone's PIN prefix: the start of Indian PIN codes, 1 to 6 digits, the first 1 to 8. */
export const isPinPrefix = (text: string): boolean => /^[1-8]\d{0,5}$/.test(text);
