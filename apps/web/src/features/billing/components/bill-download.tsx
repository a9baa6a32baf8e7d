/**
 * The bill's number and a "Download bill" link, once the bill is final (the order has an invoice
 * number). The bill comes in the interface's language, so the link follows the language switch.
 */
import { useLanguage } from '../../../lib/i18n';
import { invoiceFileName, invoiceUrl } from '../api/invoice';
import { BILLING_TEXTS as T } from '../billing.texts';

export function BillDownload({ order }: { order: { _id: string; invoiceNumber: string | null } }) {
  const language = useLanguage();
  if (!order.invoiceNumber) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700">
        {T.billNumber} <span className="font-mono font-semibold text-stone-900">{order.invoiceNumber}</span>
      </p>
      <a
        href={invoiceUrl(order._id, language)}
        download={invoiceFileName(order.invoiceNumber)}
        aria-label={T.downloadBillLabel(order.invoiceNumber)}
        className="btn-secondary"
      >
        {T.downloadBill}
      </a>
    </div>
  );
}
