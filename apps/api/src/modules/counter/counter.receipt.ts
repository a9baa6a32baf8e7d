/**
 * The counter receipt (API contract part 4, "Counter sales"), as pure renderers of one sale: an
 * HTML page printed through the browser (`receiptHtml`) and ESC/POS bytes for a receipt printer
 * (`receiptEscPos`), on 58 mm (32 characters, 384 dots) or 80 mm (48 characters, 576 dots) paper,
 * in English or Hindi. What the receipt says is decided once (`counter.receipt.model.ts`).
 */
export { receiptEscPos } from './counter.receipt.escpos.js';
export { receiptHtml } from './counter.receipt.html.js';
export type { CounterReceipt } from './counter.receipt.model.js';
