/**
 * What a seller looks at every morning (decision 0007), under the spec's cards and charts: the amount
 * due on the orders placed each day of the last 30, orders by status, the ten products with the most
 * ₹ sold in those days and the products running low, each product's quantity in its own unit
 * (decision 0022: a dozen is no kg). Every block says what it counts and over which days, and shows
 * only when the server sends its figures.
 */
import { ORDER_STATUSES, type OrderStatus } from '@mandi/shared';
import { formatShopDay, formatShopTime, paiseToRupees, rupeesToPaise } from '@mandi/shared/kernel';
import type { LowStock as LowStockFigures } from '@mandi/shared/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { currentLanguage, formatInUnit, formatRupees, type Text, useT } from '../../../lib/i18n';
import type { AdminStats } from '../api/get-admin-stats';
import type { DashboardTopProducts } from '../api/get-dashboard-top-products';
import { dashboardTexts as x } from '../dashboard.texts';

const dayOptions = { day: 'numeric', month: 'short' } as const;
/** "4 Mar" for a shop date (YYYY-MM-DD, or an instant's first ten characters). */
const shortDay = (date: string) => formatShopDay(date.slice(0, 10), dayOptions, currentLanguage());

const timeOptions = { hour: '2-digit', minute: '2-digit' } as const;
/** The shop time of an ISO instant, "07:10 am"; null when there is none. */
const shopTime = (iso: string | undefined) => {
  const parsed = iso ? new Date(iso) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? formatShopTime(parsed, timeOptions, currentLanguage()) : null;
};

/**
 * `stats`: the spec's answer with its morning figures; `topProducts` and `lowStock`: the dashboard
 * module's, per unit (the stats' own top products and low stock add every unit up as kg, so they
 * are not shown).
 */
export function MorningFigures({
  stats,
  topProducts,
  lowStock,
}: {
  stats: AdminStats;
  topProducts: DashboardTopProducts | null | undefined;
  lowStock: LowStockFigures | null | undefined;
}) {
  const { billedByDay, ordersByStatus } = stats;
  if (!billedByDay && !ordersByStatus && !topProducts && !lowStock) return null;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      {/* The 30-day figures may lag the orders by a minute (decision 0047): they say when they were read. */}
      {billedByDay && <BilledByDay days={billedByDay} asOf={shopTime(stats.figuresAsOf)} />}
      {ordersByStatus && <OrdersByStatus counts={ordersByStatus} />}
      {topProducts && <TopProducts top={topProducts} />}
      {lowStock && <LowStock figures={lowStock} />}
    </div>
  );
}

function Panel({
  title,
  children,
  wide = false,
  asOf = null,
}: {
  title: Text;
  children: ReactNode;
  wide?: boolean;
  asOf?: string | null;
}) {
  const t = useT();
  // Named from the English title, so the id stays the same (and unique) in every language.
  const id = `dashboard-${title.message.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`card flex flex-col gap-3 p-5 ${wide ? 'lg:col-span-2' : ''}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-stone-900">
          {t(title)}
        </h2>
        {asOf && <p className="text-xs text-stone-600">{t(x.figuresAsOf, { time: asOf })}</p>}
      </div>
      {children}
    </section>
  );
}

function BilledByDay({ days, asOf }: { days: { date: string; amount: number }[]; asOf: string | null }) {
  const t = useT();
  const highest = Math.max(0, ...days.map((day) => day.amount));
  const sum = paiseToRupees(days.reduce((total, day) => total + rupeesToPaise(day.amount), 0));
  return (
    <Panel title={x.billedPerDay} wide asOf={asOf}>
      <p className="text-sm text-stone-700">
        {t(x.lastCountDays, {
          count: days.length,
          from: shortDay(days[0]?.date ?? ''),
          to: shortDay(days.at(-1)?.date ?? ''),
        })}{' '}
        <span className="font-semibold text-stone-900">{formatRupees(sum)}</span> {t(x.theAmountDueOfThe)}
      </p>
      {/* The bars are a picture of the table below, which carries the figures for every reader. */}
      <div aria-hidden="true" className="flex h-36 items-end gap-0.5 border-b border-stone-200 sm:gap-1">
        {days.map((day) => (
          <div
            key={day.date}
            title={`${shortDay(day.date)}: ${formatRupees(day.amount)}`}
            className="min-w-0 flex-1 rounded-t bg-green-600"
            style={{ height: highest > 0 ? `${Math.max(2, (day.amount / highest) * 100)}%` : '2px' }}
          />
        ))}
      </div>
      {days.length > 0 && (
        <div aria-hidden="true" className="flex justify-between text-xs text-stone-600">
          <span>{shortDay(days[0]?.date ?? '')}</span>
          <span>{shortDay(days.at(-1)?.date ?? '')}</span>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-green-800">{t(x.billedPerDayAsA)}</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{t(x.amountBilledPerDay)}</caption>
          <thead>
            <tr className="text-xs text-stone-600 uppercase">
              <th scope="col" className="py-1">
                {t(x.date)}
              </th>
              <th scope="col" className="py-1 text-right">
                {t(x.billed)}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {days.map((day) => (
              <tr key={day.date}>
                <td className="py-1">{shortDay(day.date)}</td>
                <td className="py-1 text-right tabular-nums">{formatRupees(day.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Panel>
  );
}

function OrdersByStatus({ counts }: { counts: Partial<Record<string, number>> }) {
  const statuses: readonly OrderStatus[] = ORDER_STATUSES;
  return (
    <Panel title={x.ordersByStatus}>
      <dl className="grid grid-cols-2 gap-3">
        {statuses.map((status) => (
          <div key={status} className="flex items-center justify-between gap-2 rounded-xl bg-stone-50 px-3 py-2">
            <dt>
              <OrderStatusBadge status={status} variant="compact" />
            </dt>
            <dd className="text-xl font-bold text-stone-900 tabular-nums">{counts[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** Ranked by ₹, the one measure every unit shares; each quantity in its own unit. */
function TopProducts({ top }: { top: DashboardTopProducts }) {
  const t = useT();
  return (
    <Panel title={x.topProductsBySales} asOf={shopTime(top.figuresAsOf)}>
      <p className="text-sm text-stone-700">
        {t(x.topProductsPeriod, { from: shortDay(top.from), to: shortDay(top.to) })}
      </p>
      {top.products.length === 0 ? (
        <p className="text-sm text-stone-600">{t(x.nothingSoldYet)}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-stone-100 text-sm">
          {top.products.map((product, index) => (
            <li
              key={`${product.productId ?? `deleted:${product.name}`}:${product.unit}`}
              className="flex flex-wrap justify-between gap-x-3 py-1.5"
            >
              <span>
                <span className="mr-2 text-stone-500 tabular-nums">{index + 1}.</span>
                {product.name}
              </span>
              <span className="flex gap-3 tabular-nums">
                <span className="text-stone-700">{formatInUnit(product.quantity, product.unit)}</span>
                <span className="font-semibold">{formatRupees(product.amount)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** Each product against its own unit's mark, which the panel names. */
function LowStock({ figures }: { figures: LowStockFigures }) {
  const t = useT();
  const marks = figures.below.map((mark) => formatInUnit(mark.quantity, mark.unit)).join(', ');
  return (
    <Panel title={x.lowStockNow}>
      <p className="text-sm text-stone-700">{t(x.lowStockMarks, { marks })}</p>
      {figures.products.length === 0 ? (
        <p className="text-sm text-stone-600">{t(x.noProductIsLow)}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 text-sm">
          {figures.products.map((product) => (
            <li key={product._id} className="flex justify-between gap-3 py-1.5">
              <Link
                to={paths.admin.updateProduct(product._id)}
                className="font-medium text-green-800 underline-offset-2 hover:underline"
              >
                {product.name}
              </Link>
              <span className={`font-semibold tabular-nums ${product.stock <= 0 ? 'text-red-700' : ''}`}>
                {formatInUnit(Math.max(0, product.stock), product.unit)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
