/**
 * Suppliers (decision 0035): what was bought from each, paid and is still owed (purchases minus
 * payments), and "Record payment" with the amount, the method and a reference.
 */
import { paiseToRupees, rupeesToPaise } from '@mandi/shared/kernel';
import { SUPPLIER_PAYMENT_METHODS, SUPPLIER_REFERENCE_MAX, type Supplier } from '@mandi/shared/schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, QueryRows } from '../../../components/admin/admin-table';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatRupees, translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePaySupplier, useSuppliers } from '../api/purchases';
import { PurchasesNav, parseDecimal } from '../components/purchases-kit';
import { purchasesTexts as x } from '../purchases.texts';
import { formatPurchaseDate } from './format-date';

const HEADERS = [x.name, x.purchased, x.paid, x.balance, x.lastPurchase, x.actions];

function PaymentForm({ supplier, onDone }: { supplier: Supplier; onDone: (message: string | null) => void }) {
  const t = useT();
  const id = useId();
  const pay = usePaySupplier();
  const amountRef = useRef<HTMLInputElement>(null);
  // The form opens from the row's button to take the amount.
  useEffect(() => amountRef.current?.focus(), []);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof SUPPLIER_PAYMENT_METHODS)[number]>('Cash');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const rupees = parseDecimal(amount, 2);
    if (rupees === null || rupees < 1) return setProblem(t(x.badAmount));
    setProblem(null);
    pay.mutate(
      { id: supplier._id, body: { amount: rupees, method, reference: reference.trim() } },
      { onSuccess: (answer) => onDone(translate(serverText(answer))) },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="card mb-4 flex flex-col gap-3 p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-stone-900">
        {t(x.recordPaymentTo, { name: supplier.name })}
      </h2>
      <p className="text-sm text-stone-700">
        {t(x.balance)}: <strong>{formatRupees(supplier.balance)}</strong>
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-amount`} className="field-label">
            {t(x.amount)}
          </label>
          <input
            id={`${id}-amount`}
            className="field-input"
            inputMode="decimal"
            autoComplete="off"
            ref={amountRef}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-method`} className="field-label">
            {t(x.method)}
          </label>
          <select
            id={`${id}-method`}
            className="field-input"
            value={method}
            onChange={(event) => setMethod(event.target.value as typeof method)}
          >
            {SUPPLIER_PAYMENT_METHODS.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-reference`} className="field-label">
            {t(x.reference)}
          </label>
          <input
            id={`${id}-reference`}
            className="field-input"
            maxLength={SUPPLIER_REFERENCE_MAX}
            autoComplete="off"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </div>
      </div>
      <ErrorBlock messages={problem ? [problem] : pay.isError ? errorMessages(pay.error) : null} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary min-h-11" disabled={pay.isPending}>
          {pay.isPending ? t(x.paying) : t(x.pay)}
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={() => onDone(null)}>
          {t(x.cancel)}
        </button>
      </div>
    </form>
  );
}

export default function SuppliersPage() {
  const t = useT();
  usePageTitle(x.suppliers);
  const suppliers = useSuppliers();
  const [paying, setPaying] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const chosen = suppliers.data?.find((supplier) => supplier._id === paying) ?? null;
  const owed = paiseToRupees(
    (suppliers.data ?? []).reduce((sum, supplier) => sum + rupeesToPaise(supplier.balance), 0),
  );
  return (
    <section>
      <AdminPageHeader title={t(x.suppliers)} />
      <PurchasesNav />
      <p className="mb-4 text-stone-700">{t(x.suppliersLead)}</p>
      <div className="mb-4">
        <SuccessLine message={done} />
      </div>
      {chosen && (
        <PaymentForm
          key={chosen._id}
          supplier={chosen}
          onDone={(message) => {
            setPaying(null);
            setDone(message);
          }}
        />
      )}
      {suppliers.data && suppliers.data.length > 0 && (
        <p className="mb-3 font-semibold text-stone-900">{t(x.totalOwed, { total: formatRupees(owed) })}</p>
      )}
      <AdminTable caption={t(x.suppliersCaption)} headers={HEADERS}>
        <QueryRows query={suppliers} items={suppliers.data} columns={HEADERS.length} empty={t(x.noSuppliers)}>
          {(supplier) => (
            <tr key={supplier._id} className="hover:bg-stone-50">
              <td className={`${cellClass} font-semibold text-stone-900`}>{supplier.name}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatRupees(supplier.purchased)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatRupees(supplier.paid)}</td>
              <td className={`${cellClass} font-semibold whitespace-nowrap text-stone-900`}>
                {formatRupees(supplier.balance)}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {supplier.lastPurchaseDate ? formatPurchaseDate(supplier.lastPurchaseDate) : '—'}
              </td>
              <td className={cellClass}>
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center rounded-full border border-green-700 px-3 text-sm font-semibold whitespace-nowrap text-green-800 hover:bg-green-50"
                  aria-label={t(x.recordPaymentTo, { name: supplier.name })}
                  onClick={() => {
                    setDone(null);
                    setPaying(supplier._id);
                    window.scrollTo?.({ top: 0 });
                  }}
                >
                  {t(x.recordPayment)}
                </button>
              </td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
    </section>
  );
}
