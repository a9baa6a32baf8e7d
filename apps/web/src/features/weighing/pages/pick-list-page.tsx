/**
 * The pick list (decision 0007): for a date (today in shop time by default), the kilograms to buy and pack
 * per product over that day's Processing orders, beside the stock on hand with a shortfall flag.
 * Printed, only the heading and the table show (the print rules in styles.css, `data-print-only`).
 */
import { formatShopDay, orderNumberLabel, shopDateOf } from '@mandi/shared/kernel';
import { type ReactNode, useId, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages } from '../../../lib/api-client';
import { currentLanguage, formatInUnit, loadingTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { type PickListItem, pickListUrl, usePickList, useStockById } from '../api/pick-list';
import { weighingTexts as x } from '../weighing.texts';
import { kgToGrams } from '../weights';

const longDateOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;

/** "Thursday, 5 March 2026" for a YYYY-MM-DD shop date (read at its noon); anything else (a half-typed date) as it is. */
const longDate = (date: string) => formatShopDay(date, longDateOptions, currentLanguage());

const headCell = 'px-4 py-3 font-semibold whitespace-nowrap';
const cell = 'px-4 py-3 align-middle';

export default function PickListPage() {
  const t = useT();
  usePageTitle(x.pickList);
  const dateId = useId();
  const [date, setDate] = useState(() => shopDateOf(new Date()));
  const pickList = usePickList(date);
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const stock = useStockById();
  const items = pickList.data ?? [];
  const shortCount = stock.data ? items.filter((item) => shortfall(item, stock.data) > 0).length : 0;

  return (
    <section data-print-only className="pick-list">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-heading">{t(x.pickList)}</h1>
          <p className="font-semibold text-stone-700">{longDate(date)}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <div>
            <label htmlFor={dateId} className="field-label">
              {t(x.date)}
            </label>
            <input
              id={dateId}
              type="date"
              className="field-input"
              value={date}
              required
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {t(x.print)}
          </button>
          {isDate && (
            <a href={pickListUrl(date, 'csv')} download={`pick-list-${date}.csv`} className="btn-secondary">
              {t(x.downloadCsv)}
            </a>
          )}
        </div>
      </div>
      <p className="mb-4 text-sm text-stone-700 print:hidden">
        {t(x.kilogramsToBuyAndPack)}
        {stock.isError && t(x.stockOnHandCouldNot)}
      </p>
      {pickList.isError ? (
        <ErrorBlock messages={errorMessages(pickList.error)} />
      ) : (
        <div className="card overflow-x-auto print:overflow-visible print:shadow-none print:ring-0">
          <table className="w-full min-w-[32rem] text-left text-sm print:min-w-0">
            <caption className="sr-only">
              {t(x.pickListForDate, { date: longDate(date) })}
              {shortCount > 0 ? t(x.countShortOfStock, { count: shortCount }) : ''}
            </caption>
            <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
              <tr>
                <th scope="col" className={headCell}>
                  {t(x.product)}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t(x.toPack)}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t(x.orders)}
                </th>
                {!stock.isError && (
                  <>
                    <th scope="col" className={`${headCell} text-right`}>
                      {t(x.inStock)}
                    </th>
                    <th scope="col" className={headCell}>
                      {t(x.shortfall)}
                    </th>
                  </>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {!isDate ? (
                <Notice columns={stock.isError ? 3 : 5}>{t(x.chooseADate)}</Notice>
              ) : pickList.isPending ? (
                <Notice columns={stock.isError ? 3 : 5}>{t(loadingTexts.loading)}..!!</Notice>
              ) : items.length === 0 ? (
                <Notice columns={stock.isError ? 3 : 5}>{t(x.nothingToPackForThis)}</Notice>
              ) : (
                items.map((item) => (
                  <PickRow
                    key={item.productId ?? `deleted:${item.name}`}
                    item={item}
                    stock={stock.data}
                    hideStock={stock.isError}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function shortfall(item: PickListItem, stock: Map<string, number>): number {
  const onHand = item.productId === null ? undefined : stock.get(item.productId);
  if (onHand === undefined) return 0;
  return Math.max(0, kgToGrams(item.quantity) - kgToGrams(Math.max(0, onHand)));
}

function PickRow({
  item,
  stock,
  hideStock,
}: {
  item: PickListItem;
  stock: Map<string, number> | undefined;
  hideStock: boolean;
}) {
  const t = useT();
  const onHand = item.productId === null ? undefined : stock?.get(item.productId);
  const shortGrams = stock ? shortfall(item, stock) : 0;
  return (
    <tr className={shortGrams > 0 ? 'bg-red-50/60' : undefined}>
      <th scope="row" className={`${cell} font-semibold text-stone-900`}>
        {item.name}
      </th>
      <td className={`${cell} text-right font-semibold tabular-nums`}>{formatInUnit(item.quantity, item.unit)}</td>
      <td className={`${cell} text-right tabular-nums`}>
        {item.orders}
        {item.orderNumbers && item.orderNumbers.length > 0 && (
          <span className="block text-xs text-stone-700"> {item.orderNumbers.map(orderNumberLabel).join(' · ')}</span>
        )}
        {item.similarOrderNumbers && item.similarOrderNumbers.length > 0 && (
          <span className="block text-xs font-semibold text-green-900" data-testid="pick-similar">
            {t(x.similarIfShort, { orders: item.similarOrderNumbers.map(orderNumberLabel).join(' · ') })}
          </span>
        )}
        {item.callOrderNumbers && item.callOrderNumbers.length > 0 && (
          <span className="block text-xs font-semibold text-amber-900" data-testid="pick-call">
            {t(x.callIfShort, { orders: item.callOrderNumbers.map(orderNumberLabel).join(' · ') })}
          </span>
        )}
      </td>
      {!hideStock && (
        <>
          <td className={`${cell} text-right tabular-nums`}>
            {onHand === undefined ? (stock ? '—' : '…') : formatInUnit(Math.max(0, onHand), item.unit)}
          </td>
          <td className={cell}>
            {shortGrams > 0 ? (
              <span className="rounded-full bg-red-100 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-red-800">
                {t(x.shortQuantity, { quantity: formatInUnit(shortGrams / 1000, item.unit) })}
              </span>
            ) : onHand === undefined ? (
              ''
            ) : (
              <span className="text-xs font-semibold text-green-800">{t(x.enough)}</span>
            )}
          </td>
        </>
      )}
    </tr>
  );
}

function Notice({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-stone-600">
        {children}
      </td>
    </tr>
  );
}
