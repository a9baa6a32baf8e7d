/**
 * The shop kernel: the rules of money, quantities, shop time, fees and escaping that the server and
 * the browser must compute alike, one tested module per rule (imported as `@mandi/shared/kernel`).
 */
export * from './delivery-terms.js';
export * from './round-off.js';
