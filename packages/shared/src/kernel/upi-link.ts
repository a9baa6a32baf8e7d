/**
 * The NPCI UPI deep link (decision 0010): payee address, payee name, amount (2 decimals),
 * currency and a note (the bill or order number), each URL-encoded. The bill's QR code and the
 * counter screen's QR for the exact amount of a tender are drawn from it.
 */
import { paiseToRupeesString } from './money.js';

export function upiUrl(payee: { upiId: string; name: string }, amountPaise: number, note: string): string {
  const query = [
    ['pa', payee.upiId],
    ['pn', payee.name],
    ['am', paiseToRupeesString(amountPaise)],
    ['cu', 'INR'],
    ['tn', note],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `upi://pay?${query}`;
}
