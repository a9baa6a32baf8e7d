/**
 * The shop kernel: the rules of money, quantities, shop time, fees, round-off, order totals, order and bill numbers, counter sales, UPI links, UTRs and escaping that the
 * server and the browser must compute alike, one tested module per rule (imported as
 * `@mandi/shared/kernel`; docs/decisions/0021-shop-kernel.md). No module here builds anything on
 * import, so the browser pays only for what it uses.
 */
export * from './bill-number.js';
export * from './complaints.js';
export * from './counter-sale.js';
export * from './coupon-terms.js';
export * from './csv.js';
export * from './delivery-terms.js';
export * from './gst-states.js';
export * from './html.js';
export * from './landed-cost.js';
export * from './margin.js';
export * from './money.js';
export * from './order-number.js';
export * from './order-totals.js';
export * from './packing.js';
export * from './pin-code.js';
export * from './product-names.js';
export * from './quantities.js';
export * from './round-off.js';
export * from './scale-barcodes.js';
export * from './shop-time.js';
export * from './standing-orders.js';
export * from './substitutes.js';
export * from './units.js';
export * from './upi-link.js';
export * from './utr.js';
