/**
 * Wastage (decision 0035): stock written off in a date range, valued at cost, with the totals per
 * week and the shrinkage per product (quantity written off against quantity bought in the range).
 */
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, QueryRows } from '../../../components/admin/admin-table';
import { formatInUnit, formatRupees, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWastage } from '../api/purchases';
import { DateRangeForm, PurchasesNav, useDateRange } from '../components/purchases-kit';
import { reasonText } from '../components/write-off-button';
import { purchasesTexts as x } from '../purchases.texts';
import { formatPurchaseDate } from './format-date';

const WEEK_HEADERS = [x.weekOf, x.entries, x.cost];
const SHRINKAGE_HEADERS = [x.product, x.wasted, x.bought, x.shrinkagePercent, x.cost];
const ENTRY_HEADERS = [x.date, x.product, x.quantity, x.reason, x.cost, x.note];

export default function WastagePage() {
  const t = useT();
  usePageTitle(x.wastage);
  const { from, to, setRange } = useDateRange();
  const wastage = useWastage(from, to);
  const data = wastage.data;
  return (
    <section className="flex flex-col gap-4">
      <div>
        <AdminPageHeader title={t(x.wastage)} />
        <PurchasesNav />
        <p className="mb-4 text-stone-700">{t(x.wastageLead)}</p>
        <DateRangeForm from={from} to={to} onChange={setRange} />
        {data && (
          <p className="text-lg font-bold text-stone-900" aria-live="polite">
            {t(x.totalCost, { total: formatRupees(data.totalCost) })}
          </p>
        )}
      </div>

      <h2 className="text-xl font-bold text-stone-900">{t(x.weeks)}</h2>
      <AdminTable caption={t(x.weeksCaption)} headers={WEEK_HEADERS}>
        <QueryRows query={wastage} items={data?.weeks} columns={WEEK_HEADERS.length} empty={t(x.noWastage)}>
          {(week) => (
            <tr key={week.weekStart} className="hover:bg-stone-50">
              <td className={`${cellClass} whitespace-nowrap`}>{formatPurchaseDate(week.weekStart)}</td>
              <td className={cellClass}>{week.entries}</td>
              <td className={`${cellClass} font-semibold`}>{formatRupees(week.cost)}</td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>

      <h2 className="text-xl font-bold text-stone-900">{t(x.shrinkage)}</h2>
      <AdminTable caption={t(x.shrinkageCaption)} headers={SHRINKAGE_HEADERS}>
        <QueryRows query={wastage} items={data?.shrinkage} columns={SHRINKAGE_HEADERS.length} empty={t(x.noWastage)}>
          {(row) => (
            <tr key={row.productId ?? row.name} className="hover:bg-stone-50">
              <td className={`${cellClass} font-semibold text-stone-900`}>{row.name}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatInUnit(row.wasted, row.unit)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {row.bought > 0 ? formatInUnit(row.bought, row.unit) : t(x.noneBought)}
              </td>
              <td className={`${cellClass} font-semibold whitespace-nowrap`}>
                {row.percent === null ? '—' : `${row.percent}%`}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatRupees(row.cost)}</td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>

      <h2 className="text-xl font-bold text-stone-900">{t(x.writeOffs)}</h2>
      <AdminTable caption={t(x.writeOffsCaption)} headers={ENTRY_HEADERS}>
        <QueryRows query={wastage} items={data?.entries} columns={ENTRY_HEADERS.length} empty={t(x.noWastage)}>
          {(entry) => (
            <tr key={entry._id} className="hover:bg-stone-50">
              <td className={`${cellClass} whitespace-nowrap`}>{formatPurchaseDate(entry.date)}</td>
              <td className={`${cellClass} font-semibold text-stone-900`}>{entry.name}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatInUnit(entry.quantity, entry.unit)}</td>
              <td className={cellClass}>{reasonText(entry.reason, t)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatRupees(entry.cost)}</td>
              <td className={`${cellClass} max-w-64 break-words`}>{entry.note}</td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
    </section>
  );
}
