/**
 * The margin report (/admin/reports/margin, decision 0037): a date range (this week by default,
 * Monday to today in shop time), the margin per product with its totals, a chart of the daily
 * margin, and the same range as CSV.
 */
import type { MarginAnswer, MarginRow } from '@mandi/shared/schemas';
import { type ReactNode, useId, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { formatInUnit, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { isRange, marginUrl, useMarginReport } from '../api/margin-report';
import { formatDay, formatSignedRupees, mondayOf, shopToday } from '../components/format';
import { MarginChart } from '../components/margin-chart';
import { reportsTexts as x } from '../reports.texts';

const headCell = 'px-3 py-3 font-semibold whitespace-nowrap';
const cell = 'px-3 py-3 align-middle';
const amountCell = `${cell} text-right whitespace-nowrap tabular-nums`;

export default function MarginReportPage() {
  const t = useT();
  usePageTitle(x.marginTitle);
  const id = useId();
  const [to, setTo] = useState(shopToday);
  const [from, setFrom] = useState(() => mondayOf(shopToday()));
  const report = useMarginReport(from, to);
  const valid = isRange(from, to);
  const data = report.data;
  const hasRows = Boolean(data?.rows.length);

  return (
    <section>
      <AdminPageHeader title={t(x.marginTitle)} back={{ to: paths.admin.reports(), label: t(x.backToReports) }} />
      <p className="mb-4 max-w-3xl text-sm text-stone-700">{t(x.marginIntro)}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className="field-label">
            {t(x.from)}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="field-input"
            value={from}
            max={to || undefined}
            required
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="field-label">
            {t(x.to)}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="field-input"
            value={to}
            min={from || undefined}
            required
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        {valid && hasRows && (
          <a href={marginUrl(from, to, 'csv')} download={`margin-${from}-to-${to}.csv`} className="btn-secondary">
            {t(x.downloadCsv)}
          </a>
        )}
      </div>
      {!valid ? (
        <Notice>{t(x.chooseRange)}</Notice>
      ) : report.isError ? (
        <ErrorBlock messages={[t(x.loadFailed), ...errorMessages(report.error)]} />
      ) : !data ? (
        <Notice>{t(x.loading)}</Notice>
      ) : !hasRows ? (
        <Notice>{t(x.noSales, { from: formatDay(from), to: formatDay(to) })}</Notice>
      ) : (
        <div className="flex flex-col gap-4">
          <MarginTable report={data} />
          <MarginChart days={data.days} from={data.from} to={data.to} />
        </div>
      )}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="card px-5 py-8 text-center text-lg font-semibold text-stone-700">
      {children}
    </p>
  );
}

function Percent({ value }: { value: number | null }) {
  const t = useT();
  return <>{value === null ? t(x.noPercent) : t(x.percent, { value })}</>;
}

const marginClass = (margin: number) => (margin < 0 ? 'text-red-800 font-semibold' : 'text-stone-900');

function MarginTable({ report }: { report: MarginAnswer }) {
  const t = useT();
  const uncosted = report.rows.some((row) => row.uncostedQuantity > 0);
  return (
    <>
      {uncosted && (
        <p role="note" className="card border-l-4 border-amber-600 px-4 py-3 text-sm text-stone-800">
          {t(x.uncostedNote)}
        </p>
      )}
      <div className="card overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">
            {t(x.marginCaption, { from: formatDay(report.from), to: formatDay(report.to) })}
          </caption>
          <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
            <tr>
              <th scope="col" className={headCell}>
                {t(x.columnProduct)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnSold)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnSales)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnCost)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnWasted)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnWastedCost)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnMargin)}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t(x.columnMarginPercent)}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {report.rows.map((row) => (
              <ProductRow key={`${row.productId ?? row.name}-${row.unit}`} row={row} />
            ))}
          </tbody>
          <tfoot className="border-t-2 border-stone-200 bg-stone-50 font-bold text-stone-900">
            <tr>
              <th scope="row" colSpan={2} className={cell}>
                {t(x.total)}
              </th>
              <td className={amountCell}>{formatSignedRupees(report.totals.sales)}</td>
              <td className={amountCell}>{formatSignedRupees(report.totals.cost)}</td>
              <td className={cell} />
              <td className={amountCell}>{formatSignedRupees(report.totals.wastedCost)}</td>
              <td className={`${amountCell} ${marginClass(report.totals.margin)}`}>
                {formatSignedRupees(report.totals.margin)}
              </td>
              <td className={amountCell}>
                <Percent value={report.totals.marginPercent} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

function ProductRow({ row }: { row: MarginRow }) {
  const t = useT();
  return (
    <tr>
      <th scope="row" className={`${cell} font-semibold text-stone-900`}>
        {row.name}
        {row.uncostedQuantity > 0 && (
          <span className="block text-xs font-normal text-amber-900">
            {t(x.uncosted, { quantity: formatInUnit(row.uncostedQuantity, row.unit) })}
          </span>
        )}
      </th>
      <td className={amountCell}>{formatInUnit(row.soldQuantity, row.unit)}</td>
      <td className={amountCell}>{formatSignedRupees(row.sales)}</td>
      <td className={amountCell}>{formatSignedRupees(row.cost)}</td>
      <td className={amountCell}>{row.wastedQuantity > 0 ? formatInUnit(row.wastedQuantity, row.unit) : ''}</td>
      <td className={amountCell}>{row.wastedCost > 0 ? formatSignedRupees(row.wastedCost) : ''}</td>
      <td className={`${amountCell} ${marginClass(row.margin)}`}>{formatSignedRupees(row.margin)}</td>
      <td className={amountCell}>
        <Percent value={row.marginPercent} />
      </td>
    </tr>
  );
}
