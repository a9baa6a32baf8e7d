/**
 * The bill's PDF (GET /api/user/my/order/{id}/invoice, 409 until the order is packed). A plain link
 * with `download` fetches it with the session cookie, so no script handles the file.
 */
export const invoiceUrl = (orderId: string) => `/api/user/my/order/${encodeURIComponent(orderId)}/invoice`;

/** "MANDI/2026-27/000001" → "MANDI-2026-27-000001.pdf": a slash cannot be in a file name. */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replace(/[/\\]/g, '-')}.pdf`;
