/**
 * The bills register (admin): a month's bills in number order (this month in shop time by default),
 * each number leading to its order, with the taxable value, the tax by GST rate, the total and the
 * payment (and the refund of a paid bill the shop cancelled, decision 0032), a totals row (cancelled
 * bills listed but left out of it), and the same month as CSV for the accountant.
 */
import { shopMonthOf } from '@mandi/shared/kernel';
import type { BillRegisterEntry, BillsRegisterAnswer } from '@mandi/shared/schemas';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { formatRupees, loadingTexts, translate } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { billsUrl, isMonth, useBillsRegister } from '../api/bills-register';
import { billingTexts, BILLING_TEXTS as T } from '../billing.texts';
import { formatAmount, formatBillDate, formatMonth } from '../format';

const headCell = 'px-4 py-3 font-semibold whitespace-nowrap';
const cell = 'px-4 py-3 align-middle';
const amountCell = `${cell} text-right whitespace-nowrap tabular-nums`;

/** The taxed rates of the month, lowest first: one tax column each (0 % goods carry no tax). */
function taxedRates(register: BillsRegisterAnswer): number[] {
  const rates = new Set<number>();
  for (const entry of register.totals.taxByRate) if (entry.rate > 0) rates.add(entry.rate);
  for (const bill of register.bills) for (const entry of bill.taxByRate) if (entry.rate > 0) rates.add(entry.rate);
  return [...rates].sort((a, b) => a - b);
}

const taxAt = (taxByRate: BillRegisterEntry['taxByRate'], rate: number) =>
  taxByRate.find((entry) => entry.rate === rate)?.tax ?? 0;

function paymentText(payment: BillRegisterEntry['payment']): string {
  if (!payment) return T.unpaid;
  if (payment.method === 'Khata') return T.paymentKhata;
  if (payment.method === 'Split') return T.paymentSplit;
  return payment.method === 'UPI' ? T.paymentUpi(payment.reference ?? '') : T.paymentCash;
}

export default function BillsPage() {
  usePageTitle(billingTexts.billsTitle);
  const monthId = useId();
  const [month, setMonth] = useState(() => shopMonthOf(new Date()));
  const register = useBillsRegister(month);
  const isValid = isMonth(month);
  const monthName = formatMonth(month);
  const data = register.data;
  const hasBills = Boolean(data?.bills.length);

  return (
    <section>
      <AdminPageHeader title={T.billsTitle} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-xl text-sm text-stone-700">{T.billsIntro}</p>
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={monthId} className="field-label">
              {T.month}
            </label>
            <input
              id={monthId}
              type="month"
              className="field-input"
              value={month}
              required
              onChange={(event) => setMonth(event.target.value)}
            />
          </div>
          {isValid && hasBills && (
            <a href={billsUrl(month, 'csv')} download={`bills-${month}.csv`} className="btn-secondary">
              {T.downloadCsv}
            </a>
          )}
        </div>
      </div>
      {!isValid ? (
        <Notice>{T.chooseMonth}</Notice>
      ) : register.isError ? (
        <ErrorBlock messages={errorMessages(register.error)} />
      ) : !data ? (
        <Notice>{translate(loadingTexts.loading)}..!!</Notice>
      ) : !hasBills ? (
        <Notice>{T.noBills(monthName)}</Notice>
      ) : (
        <RegisterTable register={data} caption={T.billsCaption(monthName)} />
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

function RegisterTable({ register, caption }: { register: BillsRegisterAnswer; caption: string }) {
  const rates = taxedRates(register);
  const { totals } = register;
  // A cancelled bill keeps its number in the list but counts in no total (decision 0010).
  const cancelled = register.bills.filter((bill) => bill.status === 'Cancelled').length;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
          <tr>
            <th scope="col" className={headCell}>
              {T.columnNumber}
            </th>
            <th scope="col" className={headCell}>
              {T.columnDate}
            </th>
            <th scope="col" className={headCell}>
              {T.columnBuyer}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              {T.columnTaxable}
            </th>
            {rates.map((rate) => (
              <th key={rate} scope="col" className={`${headCell} text-right`}>
                {T.columnTaxAt(rate)}
              </th>
            ))}
            <th scope="col" className={`${headCell} text-right`}>
              {T.columnTax}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              {T.columnTotal}
            </th>
            <th scope="col" className={headCell}>
              {T.columnPayment}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {register.bills.map((bill) => (
            <tr key={bill.orderId} className={bill.status === 'Cancelled' ? 'bg-stone-50 text-stone-600' : undefined}>
              <th scope="row" className={`${cell} font-semibold whitespace-nowrap`}>
                <Link
                  to={paths.admin.updateOrder(bill.orderId)}
                  className="font-mono text-green-800 underline-offset-4 hover:underline"
                >
                  {bill.invoiceNumber}
                </Link>
                {bill.status === 'Cancelled' && (
                  <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-bold text-stone-800">
                    {T.cancelled}
                  </span>
                )}
                <span className="block text-xs font-normal text-stone-700">{T.orderNumber(bill.orderNumber)}</span>
                <span className="block text-xs font-normal text-stone-600">{T.billKind(bill.kind)}</span>
              </th>
              <td className={`${cell} whitespace-nowrap`}>{formatBillDate(bill.date)}</td>
              <td className={cell}>{bill.buyer}</td>
              <td className={amountCell}>{formatAmount(bill.taxableValue)}</td>
              {rates.map((rate) => (
                <td key={rate} className={amountCell}>
                  {formatAmount(taxAt(bill.taxByRate, rate))}
                </td>
              ))}
              <td className={amountCell}>{formatAmount(bill.tax)}</td>
              <td className={`${amountCell} font-semibold text-stone-900`}>{formatAmount(bill.total)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {bill.payment ? (
                  paymentText(bill.payment)
                ) : (
                  <span className="font-semibold text-amber-800">{paymentText(null)}</span>
                )}
                {bill.refund && (
                  <span className="block text-sm font-semibold whitespace-normal text-stone-800">
                    {T.registerRefund(bill.refund.method, bill.refund.reference, formatRupees(bill.refund.amount))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-200 bg-stone-50 font-bold text-stone-900">
          <tr>
            <th scope="row" colSpan={3} className={cell}>
              {T.totalsRow(register.bills.length - cancelled, cancelled)}
            </th>
            <td className={amountCell}>{formatAmount(totals.taxableValue)}</td>
            {rates.map((rate) => (
              <td key={rate} className={amountCell}>
                {formatAmount(taxAt(totals.taxByRate, rate))}
              </td>
            ))}
            <td className={amountCell}>{formatAmount(totals.tax)}</td>
            <td className={amountCell}>{formatAmount(totals.total)}</td>
            <td className={cell} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
