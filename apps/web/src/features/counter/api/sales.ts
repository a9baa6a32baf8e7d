/** A counter sale sent (POST /api/admin/counter/sales) and its receipt's printable page. */
import { api } from '../../../lib/api-client';
import type { SaleAnswer, SaleBody } from './counter-types';

export const SALES_URL = '/api/admin/counter/sales';

export const sendSale = (body: SaleBody) => api.post<SaleAnswer>(SALES_URL, { ...body });

/**
 * The receipt as an HTML page the size of the paper (58 or 80 mm), or as the printer's ESC/POS
 * bytes (Hindi lines as images, a cut at the end), in the chosen language.
 */
export function receiptUrl(
  orderId: string,
  width: 58 | 80,
  language: 'en' | 'hi',
  format: 'html' | 'escpos' = 'html',
): string {
  return `${SALES_URL}/${encodeURIComponent(orderId)}/receipt?width=${width}&format=${format}&lang=${language}`;
}
