/**
 * "Today" at the top of the admin dashboard (decision 0026): the owner's morning questions. A card
 * per delivery slot of today (orders to pack and packed, the quantities to pack in each unit, cash
 * to collect), one for the orders without a slot when there are any, the day's totals when the
 * orders sit in more than one card, and the unpaid bills. Every figure is a link to where the owner
 * acts on it: the orders of that slot (each has its Pack button), the pick list for the quantities,
 * the orders table for the bills
 * (the bills register has no unpaid filter), and the complaints not resolved with those overdue
 * (decision 0030), a link to the Complaints screen.
 */
import { formatShopDay } from '@mandi/shared/kernel';
import type { TodayFigures } from '@mandi/shared/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { serverText } from '../../../lib/api-client';
import { currentLanguage, formatInUnit, formatRupees, type Text, useT } from '../../../lib/i18n';
import type { DashboardToday } from '../api/get-dashboard-today';
import { dashboardTodayTexts as x } from '../dashboard-today.texts';

const dayOptions = { weekday: 'long', day: 'numeric', month: 'long' } as const;
/** "Tuesday, 24 November" for the shop date YYYY-MM-DD, whatever the browser's time zone. */
const longDay = (date: string) => formatShopDay(date, dayOptions, currentLanguage());

const hasOrders = (figures: TodayFigures) => figures.ordersToPack + figures.ordersPacked > 0;

function Figure({
  to,
  label,
  value,
  strong = false,
  className = '',
}: {
  to: string;
  label: Text;
  value: ReactNode;
  strong?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <Link
      to={to}
      className={`flex min-w-0 flex-col rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200 transition hover:bg-green-50 hover:ring-green-300 focus-visible:outline-2 focus-visible:outline-green-700 ${className}`}
    >
      <span className="text-xs font-semibold text-stone-600">{t(label)}</span>
      <span className={`text-xl font-bold tabular-nums ${strong ? 'text-green-800' : 'text-stone-900'}`}>{value}</span>
    </Link>
  );
}

/**
 * "2.75 Kg · 2 litres · 1 dozen · 2 bunches": each unit its own figure, never added up. A line
 * breaks only between units, after a dot.
 */
function QuantitiesToPack({ figures }: { figures: TodayFigures }) {
  const t = useT();
  const entries = figures.toPackByUnit;
  if (entries.length === 0) return <>{t(x.nothingToPack)}</>;
  return (
    <span className="flex flex-wrap gap-x-2">
      {entries.map((entry, index) => (
        <span key={entry.unit} className="whitespace-nowrap">
          {formatInUnit(entry.quantity, entry.unit)}
          {index < entries.length - 1 && (
            <span aria-hidden="true" className="ml-2 text-stone-400">
              ·
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

/**
 * One slot (or the unslotted orders, or the day): four figures. On a phone the two order counts sit
 * side by side and the quantities and the cash each take a row; wider, the quantities take two
 * columns of five, as they may name several units.
 */
function FiguresCard({
  title,
  figures,
  ordersLink,
  cashLink = ordersLink,
  headingId,
}: {
  title: string;
  figures: TodayFigures;
  ordersLink: string;
  /** Where "Cash to collect" leads: the slot's run sheet (decision 0033), else the orders. */
  cashLink?: string;
  headingId: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-3"
    >
      <h3 id={headingId} className="font-bold text-stone-900">
        {title}
      </h3>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
        <Figure to={ordersLink} label={x.toPack} value={figures.ordersToPack} strong={figures.ordersToPack > 0} />
        <Figure to={ordersLink} label={x.packed} value={figures.ordersPacked} />
        <Figure
          to={paths.admin.pickList()}
          label={x.quantitiesToPack}
          value={<QuantitiesToPack figures={figures} />}
          className="col-span-2"
        />
        <Figure
          to={cashLink}
          label={x.cashToCollect}
          value={formatRupees(figures.cashToCollect)}
          className="col-span-2 md:col-span-1"
        />
      </div>
    </section>
  );
}

export function TodayPanel({ today, failed = false }: { today: DashboardToday | null | undefined; failed?: boolean }) {
  const t = useT();
  if (failed) {
    return (
      <section aria-labelledby="dashboard-today" className="card mb-6 p-4">
        <h2 id="dashboard-today" className="text-lg font-bold text-stone-900">
          {t(x.today)}
        </h2>
        <p className="text-sm text-stone-700">{t(x.todayCouldNotBeLoaded)}</p>
      </section>
    );
  }
  if (!today) return null;
  const { date, slots, unslotted, totals, unpaidBills, overdueComplaints, openComplaints, setupWarnings, takings } =
    today;
  const showUnslotted = hasOrders(unslotted);
  const groups = slots.length + (showUnslotted ? 1 : 0);
  // The totals say something new only when the day's orders sit in more than one card.
  const busyGroups = slots.filter(hasOrders).length + (showUnslotted ? 1 : 0);
  return (
    <section aria-labelledby="dashboard-today" className="card mb-6 flex flex-col gap-3 p-4">
      <h2 id="dashboard-today" className="text-lg font-bold text-stone-900">
        {t(x.todayDate, { date: longDay(date) })}
      </h2>
      <p className="-mt-2 text-xs text-stone-600">{t(x.todayHint)}</p>
      {setupWarnings.length > 0 && (
        <div className="rounded-2xl border border-red-300 bg-red-50 p-3">
          <h3 className="font-bold text-red-900">{t(x.setupMissing)}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
            {setupWarnings.map((warning) => (
              <li key={warning.code}>{t(serverText(warning))}</li>
            ))}
          </ul>
        </div>
      )}
      {groups === 0 && <p className="text-sm text-stone-700">{t(x.noOrdersForTodayYet)}</p>}
      {slots.map((slot) => (
        <FiguresCard
          key={slot.slotId}
          headingId={`today-slot-${slot.slotId}`}
          title={t(x.slotTimes, { start: slot.start, end: slot.end })}
          figures={slot}
          ordersLink={paths.admin.ordersOfDelivery(date, slot.slotId)}
          cashLink={paths.admin.deliveryRun(date, slot.slotId)}
        />
      ))}
      {showUnslotted && (
        <FiguresCard
          headingId="today-unslotted"
          title={t(x.withoutASlot)}
          figures={unslotted}
          ordersLink={paths.admin.orders()}
        />
      )}
      {busyGroups > 1 && (
        <FiguresCard
          headingId="today-totals"
          title={t(x.allOfToday)}
          figures={totals}
          ordersLink={paths.admin.ordersOfDelivery(date)}
          cashLink={paths.admin.deliveryRun(date)}
        />
      )}
      <Link
        to={paths.admin.orders()}
        className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-2xl border border-amber-300 bg-amber-50 p-3 transition hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-green-700"
      >
        <span className="font-bold text-stone-900">{t(x.unpaidBills)}</span>
        <span className="text-lg font-bold text-stone-900 tabular-nums">
          {unpaidBills.count === 0
            ? t(x.noUnpaidBills)
            : unpaidBills.count === 1
              ? t(x.oneUnpaidBill, { amount: formatRupees(unpaidBills.amount) })
              : t(x.unpaidBillsValue, { count: unpaidBills.count, amount: formatRupees(unpaidBills.amount) })}
        </span>
        <span className="w-full text-xs text-stone-600">{t(x.unpaidBillsHint)}</span>
      </Link>
      {takings && (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-2xl border border-stone-200 bg-stone-50 p-3">
          <span className="font-bold text-stone-900">{t(x.takings)}</span>
          <span className="text-lg font-bold text-stone-900 tabular-nums">
            {t(x.takingsValue, {
              online: formatRupees(takings.online.amount),
              counter: formatRupees(takings.counter.amount),
            })}
          </span>
          <span className="w-full text-xs text-stone-600">
            {t(x.takingsHint, {
              payments: takings.online.payments,
              sales: takings.counter.sales,
              cash: formatRupees(takings.counter.cash),
              upi: formatRupees(takings.counter.upi),
              khata: formatRupees(takings.counter.khata),
            })}
          </span>
        </div>
      )}
      {overdueComplaints !== null && openComplaints !== null && (
        <Link
          to={paths.admin.complaints()}
          className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-2xl border p-3 transition focus-visible:outline-2 focus-visible:outline-green-700 ${
            overdueComplaints > 0
              ? 'border-red-300 bg-red-50 hover:bg-red-100'
              : 'border-stone-200 bg-stone-50 hover:bg-green-50'
          }`}
        >
          <span className="font-bold text-stone-900">{t(x.complaints)}</span>
          <span
            className={`text-lg font-bold tabular-nums ${overdueComplaints > 0 ? 'text-red-800' : 'text-stone-900'}`}
          >
            {openComplaints === 0
              ? t(x.noOpenComplaints)
              : t(x.complaintsValue, { open: openComplaints, overdue: overdueComplaints })}
          </span>
          <span className="w-full text-xs text-stone-600">{t(x.complaintsHint)}</span>
        </Link>
      )}
    </section>
  );
}
