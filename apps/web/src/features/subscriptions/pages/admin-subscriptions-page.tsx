/**
 * Standing orders for the admin (/admin/subscriptions?date=, issue 46): for a date (the next one
 * not made when none is chosen), the quantities per product (the floor of the mandi buying) and
 * per slot, the orders made and what could not be made with its reason; "Make orders for this date
 * now" (asked first) with what it made; and the shop's closed days, to add with a note or reopen.
 */

import type { OrderStatus } from '@mandi/shared';
import { orderNumberLabel, shopClockOf, shopDateOf } from '@mandi/shared/kernel';
import { CLOSED_DATE_NOTE_MAX, type SubscriptionFailureReason } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FormMessages,
  TableMessages,
  useActionMessages,
  useConfirmedDelete,
} from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, deleteButtonClass } from '../../../components/admin/admin-table';
import { ErrorBlock } from '../../../components/ui/error-block';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { formatInUnit, formatRupees, type Text, type Translate, useLanguage, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatSlotDate, formatSlotHours } from '../../delivery';
import {
  type StandingDay,
  type SubscriptionsRunAnswer,
  useAddClosedDate,
  useClosedDates,
  useRemoveClosedDate,
  useRunDate,
  useStandingDay,
} from '../api/admin-subscriptions';
import { subscriptionsAdminTexts as x } from '../subscriptions-admin.texts';

/** Every reason the server may give, in words (a new reason fails the type check until it has its words). */
const REASONS: Record<SubscriptionFailureReason, Text> = {
  noStock: x.reason_noStock,
  khataLimit: x.reason_khataLimit,
  offSale: x.reason_offSale,
  shopClosed: x.reason_shopClosed,
  notServed: x.reason_notServed,
  other: x.reason_other,
};

const PRODUCT_HEADERS = [x.product, x.quantity, x.households];
const ORDER_HEADERS = [x.order, x.customer, x.slot, x.total, x.status];
const FAILURE_HEADERS = [x.customer, x.product, x.reason, x.details];
const CLOSED_HEADERS = [x.closedDate, x.note, x.remove];

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

export default function AdminSubscriptionsPage() {
  const t = useT();
  usePageTitle(x.title);
  const dateId = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const day = useStandingDay(isDate(asked) ? asked : '');
  const date = day.data?.date ?? asked;
  const [ran, setRan] = useState<SubscriptionsRunAnswer | null>(null);
  const run = useRunDate();

  // What the field holds while a date is typed; the page follows it once it is a whole date.
  const [typed, setTyped] = useState<string | null>(null);

  const chooseDate = (next: string) => {
    setTyped(next);
    if (!isDate(next)) return;
    setRan(null);
    run.reset();
    setParams({ date: next }, { replace: true });
  };

  const makeNow = () => {
    if (!isDate(date) || !window.confirm(t(x.runQuestion, { date: formatSlotDate(date) }))) return;
    setRan(null);
    run.mutate(date, { onSuccess: setRan });
  };

  return (
    <section className="flex flex-col gap-8">
      <div>
        <AdminPageHeader title={t(x.title)} />
        <p className="max-w-3xl text-stone-700">{t(x.lead)}</p>
      </div>

      <div className="card flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={dateId} className="field-label">
              {t(x.date)}
            </label>
            <input
              id={dateId}
              type="date"
              className="field-input"
              value={typed ?? date}
              required
              onChange={(event) => chooseDate(event.target.value)}
            />
          </div>
          <button type="button" className="btn-primary" onClick={makeNow} disabled={run.isPending || !isDate(date)}>
            {run.isPending ? t(x.running) : t(x.run)}
          </button>
          <Link to={paths.admin.pickList()} className="btn-secondary">
            {t(x.pickList)}
          </Link>
        </div>
        {day.data && <DayState day={day.data} />}
        <div role="status" className="empty:hidden">
          {ran && (
            <p className="rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900">
              {runInWords(ran, t)}
            </p>
          )}
        </div>
        <ErrorBlock messages={run.isError ? errorMessages(run.error) : null} />
      </div>

      {day.isError ? <ErrorBlock messages={errorMessages(day.error)} /> : <DayFigures day={day.data} />}

      <ClosedDates />
    </section>
  );
}

/** "Made 11 orders for Fri 27 Nov. 2 households had theirs already. 1 line could not be made: see below." */
function runInWords(ran: SubscriptionsRunAnswer, t: Translate): string {
  const count = (one: Text, many: Text, value: number) => (value === 1 ? t(one) : t(many, { count: value }));
  const date = formatSlotDate(ran.date);
  return [
    ran.created === 1 ? t(x.runMadeOne, { date }) : t(x.runMadeMany, { count: ran.created, date }),
    ran.skipped > 0 ? count(x.runSkippedOne, x.runSkippedMany, ran.skipped) : '',
    ran.failures.length > 0 ? count(x.runFailedOne, x.runFailedMany, ran.failures.length) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function DayState({ day }: { day: StandingDay }) {
  const t = useT();
  const cutoff = new Date(day.cutoffAt);
  const when = Number.isNaN(cutoff.getTime())
    ? day.cutoffAt
    : `${formatSlotDate(shopDateOf(cutoff))} ${shopClockOf(cutoff)}`;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-stone-800">{t(x.cutoffAt, { when })}</p>
      <p className={`font-semibold ${day.made ? 'text-green-800' : 'text-amber-900'}`}>
        {t(day.made ? x.madeYes : x.madeNo)}
      </p>
    </div>
  );
}

/** Said in place of a table with nothing in it (a table of no rows would only scroll sideways on a phone). */
function Nothing({ text }: { text: string }) {
  return <p className="card px-4 py-5 text-stone-700">{text}</p>;
}

function DayFigures({ day }: { day: StandingDay | undefined }) {
  const t = useT();
  const language = useLanguage();
  if (!day) return <p className="text-stone-700">{t(x.loading)}</p>;
  const dateText = formatSlotDate(day.date);
  return (
    <>
      <section aria-labelledby="standing-products" className="flex flex-col gap-3">
        <h2 id="standing-products" className="text-xl font-bold text-stone-900">
          {t(x.perProduct)}
        </h2>
        {day.products.length === 0 ? (
          <Nothing text={t(x.noProducts)} />
        ) : (
          <AdminTable caption={t(x.perProductCaption, { date: dateText })} headers={PRODUCT_HEADERS}>
            {day.products.map((product) => (
              <tr key={product.productId}>
                <td className={`${cellClass} font-semibold text-stone-900`}>
                  {product.name}
                  {language === 'hi' && product.nameHi ? (
                    <span lang="hi" className="block font-normal text-stone-600">
                      {product.nameHi}
                    </span>
                  ) : null}
                </td>
                <td className={`${cellClass} font-semibold`}>{formatInUnit(product.quantity, product.unit)}</td>
                <td className={cellClass}>{product.households}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      {day.slots.length > 0 && (
        <section aria-labelledby="standing-slots" className="flex flex-col gap-3">
          <h2 id="standing-slots" className="text-xl font-bold text-stone-900">
            {t(x.perSlot)}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {day.slots.map((slot) => {
              const name =
                slot.start && slot.end ? formatSlotHours({ start: slot.start, end: slot.end }) : t(x.anyTime);
              return (
                <li key={slot.slotId ?? 'none'} className="card flex flex-col gap-2 p-4">
                  <h3 className="font-bold text-stone-900">
                    {slot.households === 1
                      ? t(x.slotHouseholdsOne, { slot: name })
                      : t(x.slotHouseholds, { slot: name, count: slot.households })}
                  </h3>
                  <ul className="flex flex-col gap-1 text-sm">
                    {slot.products.map((product) => (
                      <li key={product.productId} className="flex justify-between gap-3 border-b border-stone-100 pb-1">
                        <span className="text-stone-800">{product.name}</span>
                        <span className="font-semibold whitespace-nowrap text-stone-900">
                          {formatInUnit(product.quantity, product.unit)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section aria-labelledby="standing-orders" className="flex flex-col gap-3">
        <h2 id="standing-orders" className="text-xl font-bold text-stone-900">
          {t(x.ordersMade)}
        </h2>
        {day.orders.length === 0 ? (
          <Nothing text={t(x.noOrders)} />
        ) : (
          <AdminTable caption={t(x.ordersCaption, { date: dateText })} headers={ORDER_HEADERS}>
            {day.orders.map((order) => (
              <tr key={order._id}>
                <td className={cellClass}>
                  <Link to={paths.admin.updateOrder(order._id)} className="font-semibold text-green-800 underline">
                    {orderNumberLabel(order.orderNumber)}
                  </Link>
                </td>
                <td className={cellClass}>{order.customer.name}</td>
                <td className={cellClass}>{order.slot ? formatSlotHours(order.slot) : t(x.anyTime)}</td>
                <td className={cellClass}>{formatRupees(order.total)}</td>
                <td className={cellClass}>
                  <OrderStatusBadge status={order.status as OrderStatus} variant="compact" />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="standing-failures" className="flex flex-col gap-3">
        <h2 id="standing-failures" className="text-xl font-bold text-stone-900">
          {t(x.failures)}
        </h2>
        {day.failures.length === 0 ? (
          <Nothing text={t(x.noFailures)} />
        ) : (
          <AdminTable caption={t(x.failuresCaption, { date: dateText })} headers={FAILURE_HEADERS}>
            {day.failures.map((failure) => (
              <tr key={`${failure.subscriptionId}-${failure.date}`}>
                <td className={cellClass}>{failure.customer.name}</td>
                <td className={cellClass}>{failure.productName}</td>
                <td className={`${cellClass} font-semibold text-red-800`}>
                  {t(REASONS[failure.reason] ?? x.reason_other)}
                </td>
                <td className={`${cellClass} text-stone-700`}>{failure.message}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  );
}

function ClosedDates() {
  const t = useT();
  const id = useId();
  const closed = useClosedDates();
  const add = useAddClosedDate();
  const removal = useConfirmedDelete(useRemoveClosedDate());
  const adding = useActionMessages();
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isDate(date)) {
      adding.errors.show([t(x.chooseDate)]);
      return;
    }
    const isDone = await adding.submit(async () => {
      const { closedDate } = await add.mutateAsync({ date, note: note.trim() });
      return t(x.closedAdded, { date: formatSlotDate(closedDate.date) });
    });
    if (isDone) {
      setDate('');
      setNote('');
    }
  };

  return (
    <section aria-labelledby="standing-closed" className="flex flex-col gap-3">
      <h2 id="standing-closed" className="text-xl font-bold text-stone-900">
        {t(x.closedDates)}
      </h2>
      <p className="max-w-3xl text-sm text-stone-700">{t(x.closedLead)}</p>
      {(removal.success.message || removal.errors.message) && (
        <TableMessages success={removal.success} errors={removal.errors} />
      )}
      {closed.isPending ? (
        <p className="text-stone-700">{t(x.loading)}</p>
      ) : closed.isError ? (
        <ErrorBlock messages={errorMessages(closed.error)} />
      ) : (closed.data ?? []).length === 0 ? (
        <Nothing text={t(x.noClosedDates)} />
      ) : (
        <AdminTable caption={t(x.closedCaption)} headers={CLOSED_HEADERS}>
          {(closed.data ?? []).map((closedDate) => {
            const dateText = formatSlotDate(closedDate.date);
            return (
              <tr key={closedDate.date}>
                <td className={`${cellClass} font-semibold text-stone-900`}>{dateText}</td>
                <td className={cellClass}>{closedDate.note}</td>
                <td className={cellClass}>
                  <button
                    type="button"
                    className={deleteButtonClass}
                    disabled={removal.isDeleting}
                    aria-label={t(x.removeDate, { date: dateText })}
                    onClick={() => removal.remove(closedDate.date, t(x.removeQuestion, { date: dateText }))}
                  >
                    {t(x.remove)}
                  </button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-heading`}
        className="card flex flex-col gap-3 p-4 sm:p-5"
      >
        <h3 id={`${id}-heading`} className="font-bold text-stone-900">
          {t(x.addClosed)}
        </h3>
        <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
          <div>
            <label htmlFor={`${id}-date`} className="field-label">
              {t(x.closedDate)}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="field-input"
              value={date}
              required
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-note`} className="field-label">
              {t(x.closedNote)}
            </label>
            <input
              id={`${id}-note`}
              className="field-input"
              value={note}
              maxLength={CLOSED_DATE_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </div>
        <FormMessages success={adding.success} errors={adding.errors} />
        <button type="submit" className="btn-primary self-start" disabled={add.isPending}>
          {add.isPending ? t(x.closing) : t(x.closeDay)}
        </button>
      </form>
    </section>
  );
}
