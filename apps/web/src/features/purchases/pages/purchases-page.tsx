/**
 * Purchases at the mandi by date range (decision 0035): each purchase's supplier, lines with their
 * net quantity and landed rate, and total; the way to a new purchase, suppliers and wastage.
 */
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, QueryRows } from '../../../components/admin/admin-table';
import { formatRupees, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePurchases } from '../api/purchases';
import { DateRangeForm, PurchasesNav, purchaseLineText, useDateRange } from '../components/purchases-kit';
import { purchasesTexts as x } from '../purchases.texts';
import { formatPurchaseDate } from './format-date';

const HEADERS = [x.date, x.supplier, x.lines, x.total];

export default function PurchasesPage() {
  const t = useT();
  usePageTitle(x.purchasesTitle);
  const { from, to, setRange } = useDateRange();
  const purchases = usePurchases(from, to);
  return (
    <section>
      <AdminPageHeader title={t(x.purchasesTitle)} />
      <PurchasesNav />
      <p className="mb-4 text-stone-700">{t(x.purchasesLead)}</p>
      <DateRangeForm from={from} to={to} onChange={setRange} />
      {purchases.data && (
        <p className="mb-3 font-semibold text-stone-900" aria-live="polite">
          {t(x.rangeTotal, { total: formatRupees(purchases.data.total) })}
        </p>
      )}
      <AdminTable caption={t(x.purchasesCaption)} headers={HEADERS}>
        <QueryRows
          query={purchases}
          items={purchases.data?.purchases}
          columns={HEADERS.length}
          empty={t(x.noPurchases)}
        >
          {(purchase) => (
            <tr key={purchase._id} className="align-top hover:bg-stone-50">
              <td className={`${cellClass} whitespace-nowrap`}>{formatPurchaseDate(purchase.date)}</td>
              <td className={`${cellClass} font-semibold text-stone-900`}>{purchase.supplier.name}</td>
              <td className={cellClass}>
                <ul className="flex flex-col gap-1">
                  {purchase.lines.map((line) => (
                    <li key={line._id}>{purchaseLineText(t, line)}</li>
                  ))}
                </ul>
              </td>
              <td className={`${cellClass} font-semibold whitespace-nowrap`}>{formatRupees(purchase.total)}</td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
    </section>
  );
}
