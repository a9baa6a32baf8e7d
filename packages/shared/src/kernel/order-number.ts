/**
 * Order numbers (decision 0023): the one number a shopper reads out on the phone. Every screen,
 * mail, bill, pick list and CSV writes it the same way, `#1042`, and the admin's search box takes
 * it as typed, with or without the `#`.
 */

/** The largest order number: the column is a PostgreSQL integer. */
export const MAX_ORDER_NUMBER = 2_147_483_647;

/** `#1042`, the way people see an order's number. */
export function orderNumberLabel(orderNumber: number): string {
  return `#${orderNumber}`;
}

/**
 * The order number in what someone typed ("1042", "#1042", " # 1042 "), or null when it is not one
 * (empty, letters, 0, negative, a fraction, larger than any order number).
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*#?\s*(\d{1,10})\s*$/.exec(text);
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  return value >= 1 && value <= MAX_ORDER_NUMBER ? value : null;
}
