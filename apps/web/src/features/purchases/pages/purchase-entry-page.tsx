/**
 * Purchase entry (decision 0035), made for a phone at the mandi: the supplier (picked or typed new),
 * the date, lines added fast (product searched by name, gross, tare, rate per unit), commission %
 * and charges, with each line's net, value, landed cost and landed rate and the totals worked out
 * as they are typed by the same kernel function the server saves with.
 */
import { landedCost, paiseToRupees, percentToBasisPoints, rupeesToPaise } from '@mandi/shared/kernel';
import type { AdminProduct, Purchase } from '@mandi/shared/schemas';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatInUnit, formatRupees, translate, unitName, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProductSearch, useSavePurchase, useSuppliers } from '../api/purchases';
import { PurchasesNav, parseDecimal, purchaseLineText, shopToday } from '../components/purchases-kit';
import { purchasesTexts as x } from '../purchases.texts';
import { formatPurchaseDate } from './format-date';

type PickedProduct = Pick<AdminProduct, '_id' | 'name' | 'unit'>;
interface LineDraft {
  key: number;
  query: string;
  product: PickedProduct | null;
  gross: string;
  tare: string;
  rate: string;
}
interface ChargeDraft {
  key: number;
  label: string;
  amount: string;
}

let nextKey = 1;
const newLine = (): LineDraft => ({ key: nextKey++, query: '', product: null, gross: '', tare: '', rate: '' });
const newCharge = (label = ''): ChargeDraft => ({ key: nextKey++, label, amount: '' });

/** A line's numbers in thousandths and paise, or null while they are not all valid. */
function parseLine(line: LineDraft) {
  const gross = parseDecimal(line.gross, 3);
  const tare = line.tare.trim() === '' ? 0 : parseDecimal(line.tare, 3);
  const rate = parseDecimal(line.rate, 2);
  if (gross === null || tare === null || rate === null) return null;
  const grossGrams = Math.round(gross * 1000);
  const tareGrams = Math.round(tare * 1000);
  const ratePaise = rupeesToPaise(rate);
  if (grossGrams <= tareGrams || ratePaise <= 0) return null;
  return { grossGrams, tareGrams, ratePaise, gross, tare, rate };
}

function ProductPicker({
  id,
  line,
  autoFocus,
  onChange,
}: {
  id: string;
  line: LineDraft;
  autoFocus: boolean;
  onChange: (query: string, product: PickedProduct | null) => void;
}) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  // A line just added by its button is where the buyer types next.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  const search = useProductSearch(line.product ? '' : line.query);
  const options = search.data ?? [];
  // A name typed or pasted whole is picked once the search for it answers.
  const exact = line.product
    ? undefined
    : options.find((product) => product.name.toLowerCase() === line.query.trim().toLowerCase());
  useEffect(() => {
    if (exact) onChange(line.query, { _id: exact._id, name: exact.name, unit: exact.unit });
  }, [exact, line.query, onChange]);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t(x.product)}
      </label>
      <input
        id={id}
        className="field-input"
        list={`${id}-options`}
        autoComplete="off"
        ref={inputRef}
        placeholder={t(x.productHint)}
        value={line.query}
        aria-describedby={`${id}-picked`}
        onChange={(event) => {
          const text = event.target.value;
          const match = options.find((product) => product.name.toLowerCase() === text.trim().toLowerCase());
          onChange(text, match ? { _id: match._id, name: match.name, unit: match.unit } : null);
        }}
      />
      <datalist id={`${id}-options`}>
        {options.map((product) => (
          <option key={product._id} value={product.name}>
            {`${product.name} (${formatInUnit(product.stocks, product.unit)})`}
          </option>
        ))}
      </datalist>
      <p id={`${id}-picked`} className="mt-1 text-xs text-stone-600">
        {line.product
          ? `✓ ${line.product.name} · ${unitName(line.product.unit)}`
          : line.query
            ? t(x.productNotPicked)
            : ''}
      </p>
    </div>
  );
}

function SavedPurchase({ purchase, message }: { purchase: Purchase; message: string }) {
  const t = useT();
  return (
    <section aria-labelledby="saved-purchase" className="card mb-5 flex flex-col gap-2 border-green-600 p-4">
      <SuccessLine message={message} />
      <h2 id="saved-purchase" className="text-lg font-bold text-stone-900">
        {t(x.savedTitle, { supplier: purchase.supplier.name, date: formatPurchaseDate(purchase.date) })}
      </h2>
      <ul className="flex flex-col gap-1 text-sm text-stone-800">
        {purchase.lines.map((line) => (
          <li key={line._id}>{purchaseLineText(t, line)}</li>
        ))}
      </ul>
      <p className="font-semibold text-stone-900">
        {t(x.total)}: {formatRupees(purchase.total)}
      </p>
    </section>
  );
}

export default function PurchaseEntryPage() {
  const t = useT();
  const id = useId();
  usePageTitle(x.newPurchase);
  const suppliers = useSuppliers();
  const save = useSavePurchase();
  const [supplier, setSupplier] = useState('');
  const [date, setDate] = useState(shopToday);
  const [commission, setCommission] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [newLine()]);
  const [charges, setCharges] = useState<ChargeDraft[]>(() => [newCharge()]);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [saved, setSaved] = useState<{ purchase: Purchase; message: string } | null>(null);

  const parsed = lines.map(parseLine);
  const commissionPercent = commission.trim() === '' ? 0 : parseDecimal(commission, 2);
  const chargePaise = charges.map((charge) => {
    if (charge.amount.trim() === '') return 0;
    const amount = parseDecimal(charge.amount, 2);
    return amount === null ? null : rupeesToPaise(amount);
  });
  const validLines = parsed.flatMap((line, index) => (line ? [{ index, line }] : []));
  const costed = landedCost(
    validLines.map(({ line }) => line),
    commissionPercent !== null && commissionPercent <= 100 ? percentToBasisPoints(commissionPercent) : 0,
    chargePaise.map((amount) => amount ?? 0),
  );
  const costedByIndex = new Map(validLines.map(({ index }, position) => [index, costed.lines[position]]));

  const updateLine = (key: number, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const pickFor = useCallback(
    (key: number) => (query: string, product: PickedProduct | null) =>
      setLines((current) => current.map((line) => (line.key === key ? { ...line, query, product } : line))),
    [],
  );
  const updateCharge = (key: number, change: Partial<ChargeDraft>) =>
    setCharges((current) => current.map((charge) => (charge.key === key ? { ...charge, ...change } : charge)));

  function check(): string[] {
    const found: string[] = [];
    if (!supplier.trim()) found.push(t(x.needSupplier));
    lines.forEach((line, index) => {
      const number = index + 1;
      if (!line.product) found.push(t(x.needProduct, { number }));
      const gross = parseDecimal(line.gross, 3);
      const tare = line.tare.trim() === '' ? 0 : parseDecimal(line.tare, 3);
      if (gross === null || tare === null || Math.round(gross * 1000) <= Math.round(tare * 1000))
        found.push(t(x.badQuantity, { number }));
      const rate = parseDecimal(line.rate, 2);
      if (rate === null || rate <= 0) found.push(t(x.badRate, { number }));
    });
    if (commissionPercent === null || commissionPercent > 100) found.push(t(x.badCommission));
    charges.forEach((charge, index) => {
      const empty = charge.label.trim() === '' && charge.amount.trim() === '';
      if (!empty && (charge.label.trim() === '' || chargePaise[index] === null || charge.amount.trim() === ''))
        found.push(t(x.badCharge, { number: index + 1 }));
    });
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const found = check();
    if (found.length) return setProblems(found);
    setProblems(null);
    save.mutate(
      {
        supplier: supplier.trim(),
        date,
        commissionPercent: commissionPercent ?? 0,
        charges: charges
          .filter((charge) => charge.label.trim() !== '')
          .map((charge) => ({ label: charge.label.trim(), amount: charge.amount.trim() })),
        lines: lines.map((line) => ({
          productId: line.product?._id ?? '',
          grossQuantity: line.gross.trim(),
          tareQuantity: line.tare.trim() === '' ? 0 : line.tare.trim(),
          rate: line.rate.trim(),
        })),
      },
      {
        onSuccess: ({ purchase, answer }) => {
          setSaved({ purchase, message: translate(serverText(answer)) });
          setLines([newLine()]);
          setCharges([newCharge()]);
          setCommission('');
          setSupplier('');
          setFocusKey(null);
          window.scrollTo?.({ top: 0 });
        },
      },
    );
  }

  return (
    <section>
      <AdminPageHeader title={t(x.newPurchase)} />
      <PurchasesNav />
      {saved && <SavedPurchase purchase={saved.purchase} message={saved.message} />}
      <p className="mb-4 text-sm text-stone-700">{t(x.entryLead)}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="card grid gap-4 p-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-supplier`} className="field-label">
              {t(x.supplier)}
            </label>
            <input
              id={`${id}-supplier`}
              className="field-input"
              list={`${id}-suppliers`}
              autoComplete="off"
              placeholder={t(x.supplierHint)}
              value={supplier}
              onChange={(event) => setSupplier(event.target.value)}
            />
            <datalist id={`${id}-suppliers`}>
              {(suppliers.data ?? []).map((one) => (
                <option key={one._id} value={one.name} />
              ))}
            </datalist>
          </div>
          <div>
            <label htmlFor={`${id}-date`} className="field-label">
              {t(x.date)}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="field-input"
              max={shopToday()}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
        </div>

        {lines.map((line, index) => {
          const number = index + 1;
          const figures = costedByIndex.get(index);
          const unit = line.product?.unit;
          return (
            <fieldset key={line.key} className="card flex flex-col gap-3 p-4">
              <legend className="sr-only">{t(x.line, { number })}</legend>
              <div className="flex items-center justify-between gap-2">
                <span aria-hidden="true" className="text-base font-bold text-stone-900">
                  {t(x.line, { number })}
                </span>
                {lines.length > 1 && (
                  <button
                    type="button"
                    className="min-h-11 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                    aria-label={t(x.removeLine, { number })}
                    onClick={() => setLines((current) => current.filter((one) => one.key !== line.key))}
                  >
                    ✕
                  </button>
                )}
              </div>
              <ProductPicker
                id={`${id}-line-${line.key}`}
                line={line}
                autoFocus={focusKey === line.key}
                onChange={pickFor(line.key)}
              />
              <div className="grid grid-cols-3 items-end gap-2">
                <div>
                  <label htmlFor={`${id}-gross-${line.key}`} className="field-label">
                    {t(x.gross)}
                  </label>
                  <input
                    id={`${id}-gross-${line.key}`}
                    className="field-input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.gross}
                    onChange={(event) => updateLine(line.key, { gross: event.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-tare-${line.key}`} className="field-label">
                    {t(x.tare)}
                  </label>
                  <input
                    id={`${id}-tare-${line.key}`}
                    className="field-input"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0"
                    value={line.tare}
                    onChange={(event) => updateLine(line.key, { tare: event.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-rate-${line.key}`} className="field-label">
                    {unit ? t(x.rate, { unit: unitName(unit) }) : t(x.rateNoUnit)}
                  </label>
                  <input
                    id={`${id}-rate-${line.key}`}
                    className="field-input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.rate}
                    onChange={(event) => updateLine(line.key, { rate: event.target.value })}
                  />
                </div>
              </div>
              <p className="rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-800" aria-live="polite">
                {figures ? (
                  <>
                    {t(x.lineFigures, {
                      net: formatInUnit(figures.netGrams / 1000, unit),
                      value: formatRupees(paiseToRupees(figures.valuePaise)),
                      landed: formatRupees(paiseToRupees(figures.landedPaise)),
                    })}
                    <strong className="block text-base text-stone-900">
                      {t(x.landedRate)}:{' '}
                      {t(x.perUnit, {
                        amount: formatRupees(paiseToRupees(figures.landedRatePaise ?? 0)),
                        unit: unitName(unit),
                      })}
                    </strong>
                  </>
                ) : (
                  '–'
                )}
              </p>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="btn-secondary min-h-11 self-start"
          onClick={() => {
            const line = newLine();
            setLines((current) => [...current, line]);
            setFocusKey(line.key);
          }}
        >
          + {t(x.addLine)}
        </button>

        <fieldset className="card flex flex-col gap-3 p-4">
          <legend className="sr-only">{t(x.charges)}</legend>
          <div>
            <label htmlFor={`${id}-commission`} className="field-label">
              {t(x.commissionPercent)}
            </label>
            <input
              id={`${id}-commission`}
              className="field-input max-w-32"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={commission}
              onChange={(event) => setCommission(event.target.value)}
            />
          </div>
          <h2 className="text-base font-bold text-stone-900">{t(x.charges)}</h2>
          <p className="text-sm text-stone-600">{t(x.chargesHint)}</p>
          {charges.map((charge, index) => {
            const number = index + 1;
            return (
              <div key={charge.key} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
                <div>
                  <label htmlFor={`${id}-charge-${charge.key}`} className="field-label">
                    {t(x.chargeLabel)} {number}
                  </label>
                  <input
                    id={`${id}-charge-${charge.key}`}
                    className="field-input"
                    autoComplete="off"
                    placeholder={t(x.chargeLabelPlaceholder)}
                    value={charge.label}
                    onChange={(event) => updateCharge(charge.key, { label: event.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-amount-${charge.key}`} className="field-label">
                    {t(x.chargeAmount)}
                  </label>
                  <input
                    id={`${id}-amount-${charge.key}`}
                    className="field-input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={charge.amount}
                    onChange={(event) => updateCharge(charge.key, { amount: event.target.value })}
                  />
                </div>
                <button
                  type="button"
                  className="min-h-11 rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                  aria-label={t(x.removeCharge, { number })}
                  onClick={() => setCharges((current) => current.filter((one) => one.key !== charge.key))}
                >
                  ✕
                </button>
              </div>
            );
          })}
          <button
            type="button"
            className="btn-secondary min-h-11 self-start"
            onClick={() => setCharges((current) => [...current, newCharge()])}
          >
            + {t(x.addCharge)}
          </button>
        </fieldset>

        <section aria-labelledby={`${id}-totals`} className="card p-4">
          <h2 id={`${id}-totals`} className="mb-2 text-base font-bold text-stone-900">
            {t(x.totals)}
          </h2>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-live="polite">
            <div className="rounded-xl bg-stone-50 px-3 py-2">
              <dt className="text-stone-600">{t(x.value)}</dt>
              <dd className="font-semibold text-stone-900">{formatRupees(paiseToRupees(costed.valuePaise))}</dd>
            </div>
            <div className="rounded-xl bg-stone-50 px-3 py-2">
              <dt className="text-stone-600">{t(x.commission)}</dt>
              <dd className="font-semibold text-stone-900">{formatRupees(paiseToRupees(costed.commissionPaise))}</dd>
            </div>
            <div className="rounded-xl bg-stone-50 px-3 py-2">
              <dt className="text-stone-600">{t(x.charges)}</dt>
              <dd className="font-semibold text-stone-900">{formatRupees(paiseToRupees(costed.chargesPaise))}</dd>
            </div>
            <div className="rounded-xl bg-green-50 px-3 py-2">
              <dt className="text-green-900">{t(x.total)}</dt>
              <dd className="text-lg font-bold text-stone-900">{formatRupees(paiseToRupees(costed.totalPaise))}</dd>
            </div>
          </dl>
        </section>

        <ErrorBlock messages={problems ?? (save.isError ? errorMessages(save.error) : null)} />
        <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto sm:self-start" disabled={save.isPending}>
          {save.isPending ? t(x.saving) : t(x.save)}
        </button>
      </form>
    </section>
  );
}
