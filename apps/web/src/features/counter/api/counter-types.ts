/**
 * The counter's shapes (API contract part 4, "Counter devices", "Counter sales"): the answers are
 * the types the server's schemas infer (`@mandi/shared/schemas`, type-only, so no zod reaches the
 * browser), ₹ and quantities as on the wire. The sale's request is written out here: the server's
 * body schema is loose on purpose (a duplicate is recognised before the rest is judged), and the
 * queue keeps this exact request to send it again.
 */
import type { CounterTenderMethod } from '@mandi/shared/kernel';
import type { CounterCatalogueAnswer, CounterSaleAnswer } from '@mandi/shared/schemas';
import type { ServerMessage } from '../../../lib/api-client';

export type {
  CounterDevice,
  CounterDeviceAnswer,
  CounterDevicesAnswer,
  CounterPrinter,
  CounterScale,
} from '@mandi/shared/schemas';
export type CatalogueAnswer = CounterCatalogueAnswer;
export type CounterProduct = CounterCatalogueAnswer['products'][number];
export type CounterCustomer = CounterCatalogueAnswer['customers'][number];
export type BarcodeRules = CounterCatalogueAnswer['barcodeRules'];
export type SaleAnswer = CounterSaleAnswer;

export interface SaleLineBody {
  productId: string;
  /** In the product's unit: 1.25 (kg), 3 (pieces). */
  quantity: number;
  source: 'manual' | 'scale' | 'barcode';
}

export interface TenderBody {
  method: CounterTenderMethod;
  /** ₹, at most 2 decimals. */
  amount: number;
  received?: number;
  reference?: string;
}

export interface SaleBody {
  deviceId: string;
  clientSaleId: string;
  sequence: number;
  /** ISO 8601. */
  soldAt: string;
  offline: boolean;
  customerId: string | null;
  lines: SaleLineBody[];
  tenders: TenderBody[];
}

/** Why the server refused a queued sale: its status and messages as sent (shown by their code). */
export interface SaleRefusal {
  status: number;
  messages: ServerMessage[];
  /** For a wrong bill number (409): the number the server expects next. */
  expected: number | null;
}
