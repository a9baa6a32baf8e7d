import type { Language } from '../../../lib/i18n';

/**
 * The bill's PDF (GET /api/user/my/order/{id}/invoice, 409 until the order is packed), in the
 * interface's language (`?lang=`, decision 0011). A plain link with `download` fetches it with the
 * session cookie, so no script handles the file.
 */
export const invoiceUrl = (orderId: string, language: Language) =>
  `/api/user/my/order/${encodeURIComponent(orderId)}/invoice?lang=${language}`;

/** "MND/26-27/000001" → "MND-26-27-000001.pdf": a slash cannot be in a file name. */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replace(/[/\\]/g, '-')}.pdf`;
