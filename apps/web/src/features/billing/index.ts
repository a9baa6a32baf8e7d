/**
 * Billing's public entry (tax-ready bills and UPI, decision 0010): the only file the orders and admin
 * features import. The bills register loads lazily, so shoppers never download it; the QR code
 * library loads only when a QR code is drawn.
 */
import { lazy } from 'react';

export { BILLING_TEXTS, billingTexts } from './billing.texts';
export { AdminBillPanel, ShopperBillPanel } from './components/order-bill-panels';
export { initialRefund, RefundFields, type RefundValue } from './components/refund-fields';
export {
  appendTaxFields,
  TaxFields,
  type TaxFieldValues,
  taxFieldValuesOf,
} from './components/tax-fields';
export { UpiQrCode } from './components/upi-qr-code';

/** The admin's bills register of a month. */
export const BillsPage = lazy(() => import('./pages/bills-page'));
