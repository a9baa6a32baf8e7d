/** A scanned scale label read by the server (GET /api/admin/barcodes/{code}): the product its PLU names and the quantity. */
import { api } from '../../../lib/api-client';

export interface LabelAnswer {
  productId: string;
  name: string;
  unit: string;
  /** In the product's unit (kg 1.234; a price code's amount / rate). */
  quantity: number;
  amount: number;
}

export const readLabel = (code: string) =>
  api.get<LabelAnswer & { success: true }>(`/api/admin/barcodes/${encodeURIComponent(code)}`);
