/**
 * Start a standing order (/subscriptions/new, issue 46): the product (given by "Every day" on the
 * product page or "Your usual", else found by name) and its quantity, how often (every day, chosen
 * days of the week, every N days) from a first date no earlier than the first still open, a saved
 * address, a delivery time of the shop's slots for that address (or any time), and cash on
 * delivery or the khata (offered only to a shopper with an open khata). Checked here as the server
 * checks; the server's refusals are shown in the chosen language.
 */

import type { Slot } from '@mandi/shared/delivery';
import { EVERY_N_DAYS_RANGE } from '@mandi/shared/kernel';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { formatInUnit, formatRupees, type Translate, useT } from '../../../lib/i18n';
import { type Product, weightOptionsOf } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { AddressLines, useSavedAddresses } from '../../addresses';
import { productQuery } from '../../catalog';
import { formatSlotDate, formatSlotHours, useDeliverySlots } from '../../delivery';
import { useMyKhata } from '../../khata';
import { useMySubscriptions, useStartSubscription } from '../api/my-subscriptions';
import { ChosenProduct, ProductSearch } from '../components/product-chooser';
import {
  FIELD_ORDER,
  type StandingField,
  type StandingFormValues,
  type StandingProblems,
  standingBody,
  standingProblems,
  templateIdOfSlot,
  WORKING_DAYS,
} from '../standing-form';
import { WEEKDAYS } from '../standing-words';
import { subscriptionsTexts as x } from '../subscriptions.texts';
import type { StartedState } from './my-subscriptions-page';

const choiceClass =
  'flex cursor-pointer gap-3 rounded-xl border-2 border-stone-200 p-3 has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-700';
const chipClass =
  'cursor-pointer rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 transition hover:border-green-600 has-[:checked]:border-green-700 has-[:checked]:bg-green-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700';

export default function NewSubscriptionPage() {
  const t = useT();
  usePageTitle(x.newTitle);
  const list = useMySubscriptions();

  return (
    <section
      className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10"
      aria-labelledby="new-standing-heading"
    >
      <div>
        <Link
          to={paths.subscriptions()}
          className="text-sm font-semibold text-green-800 underline-offset-4 hover:underline"
        >
          ← {t(x.backToList)}
        </Link>
        <h1 id="new-standing-heading" className="page-heading mt-2">
          {t(x.newTitle)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.newLead)}</p>
      </div>
      {list.isPending ? (
        <p className="text-stone-700">{t(x.loading)}</p>
      ) : list.isError || !list.data ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void list.refetch()} />
      ) : (
        <StandingOrderForm changesOpenFrom={list.data.changesOpenFrom} />
      )}
    </section>
  );
}

/** A problem's words, its date (if any) written as the shop writes dates. */
function problemText(problem: StandingProblems[StandingField], t: Translate): string | null {
  if (!problem) return null;
  const values = problem.values?.date
    ? { ...problem.values, date: formatSlotDate(String(problem.values.date)) }
    : problem.values;
  return t(problem.text, values);
}

function StandingOrderForm({ changesOpenFrom }: { changesOpenFrom: string }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = Number(params.get('quantity'));
  const [values, setValues] = useState<StandingFormValues>(() => ({
    productId: params.get('productId') ?? '',
    quantity: Number.isFinite(given) && given > 0 ? given : null,
    kind: 'daily',
    weekdays: WORKING_DAYS,
    everyNDays: '2',
    startDate: changesOpenFrom,
    addressId: null,
    slotTemplateId: '',
    paymentMethod: 'COD',
  }));
  const [problems, setProblems] = useState<StandingProblems>({});
  const [hasTried, setHasTried] = useState(false);
  const [searchFocus, setSearchFocus] = useState(false);
  const start = useStartSubscription();
  const product = useQuery({ ...productQuery(values.productId), enabled: values.productId !== '' });
  const options = product.data ? weightOptionsOf(product.data) : [];
  const addresses = useSavedAddresses();
  const khata = useMyKhata();
  const account = khata.data?.account ?? null;
  const hasKhata = account !== null && account.creditLimit !== null;
  const address = addresses.data?.find((one) => one._id === values.addressId) ?? null;
  const slots = useDeliverySlots(address?.pinCode ?? '', address !== null);
  const templates = slotTemplatesOf(slots.data ?? []);
  const problemId = (field: StandingField) => `${id}-${field}-problem`;

  const change = (next: Partial<StandingFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    if (hasTried) setProblems(standingProblems(merged, { changesOpenFrom, options }));
  };

  // The product's quantities are known once it loads: keep the one given when the product sells it.
  const optionsKey = options.join(',');
  useEffect(() => {
    if (!optionsKey) return;
    const sold = optionsKey.split(',').map(Number);
    setValues((current) =>
      current.quantity !== null && sold.includes(current.quantity)
        ? current
        : { ...current, quantity: sold.includes(1) ? 1 : (sold[0] ?? null) },
    );
  }, [optionsKey]);

  // The last used address (the book lists it first) is the one chosen at first.
  const firstAddress = addresses.data?.[0]?._id ?? null;
  useEffect(() => {
    if (firstAddress) setValues((current) => (current.addressId ? current : { ...current, addressId: firstAddress }));
  }, [firstAddress]);

  // A slot the new address is not served in is no longer chosen; a closed khata falls back to cash.
  const templateIds = templates.map((template) => template.id).join(',');
  useEffect(() => {
    if (!slots.isSuccess) return;
    setValues((current) =>
      current.slotTemplateId && !templateIds.split(',').includes(current.slotTemplateId)
        ? { ...current, slotTemplateId: '' }
        : current,
    );
  }, [slots.isSuccess, templateIds]);
  useEffect(() => {
    if (!hasKhata && khata.isSuccess) setValues((current) => ({ ...current, paymentMethod: 'COD' }));
  }, [hasKhata, khata.isSuccess]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    const found = standingProblems(values, { changesOpenFrom, options });
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    try {
      await start.mutateAsync(standingBody(values));
      const state: StartedState = { started: product.data?.name ?? '' };
      navigate(paths.subscriptions(), { state });
    } catch {
      // The server's refusal shows below the form (start.error).
    }
  };

  /** The field a problem is about gets the focus (its first control). */
  const focusField = (field: StandingField) => {
    if (field === 'product') {
      setSearchFocus(true);
      return;
    }
    const control = document.querySelector<HTMLElement>(`[data-field="${id}-${field}"]`);
    control?.focus();
  };

  const problemCount = Object.keys(problems).length;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-standing-heading" className="flex flex-col gap-6">
      <section className="card flex min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={`${id}-product-heading`}>
        <h2 id={`${id}-product-heading`} className="text-lg font-bold text-stone-900">
          {t(x.product)}
        </h2>
        {values.productId === '' ? (
          <ProductSearch
            onChoose={(productId) => change({ productId, quantity: null })}
            problemId={problemId('product')}
            hasProblem={problems.product !== undefined}
            autoFocus={searchFocus}
          />
        ) : product.isPending ? (
          <p className="text-stone-700">{t(x.productLoading)}</p>
        ) : !product.data ? (
          <div className="flex flex-col gap-2">
            <p role="alert" className="error-text">
              {t(x.productMissing)}
            </p>
            <button
              type="button"
              className="btn-secondary self-start px-4 py-1.5 text-sm"
              onClick={() => {
                change({ productId: '', quantity: null });
                setSearchFocus(true);
              }}
            >
              {t(x.chooseAnother)}
            </button>
          </div>
        ) : (
          <>
            <ChosenProduct
              product={product.data}
              onChooseAnother={() => {
                change({ productId: '', quantity: null });
                setSearchFocus(true);
              }}
            />
            <QuantityChoice
              product={product.data}
              options={options}
              value={values.quantity}
              onChange={(quantity) => change({ quantity })}
              field={`${id}-quantity`}
              problem={problemText(problems.quantity, t)}
              problemId={problemId('quantity')}
            />
          </>
        )}
        <FieldProblem id={problemId('product')} text={problemText(problems.product, t)} />
      </section>

      <section className="card flex min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={`${id}-often-heading`}>
        <h2 id={`${id}-often-heading`} className="text-lg font-bold text-stone-900">
          {t(x.howOften)}
        </h2>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="sr-only">{t(x.howOften)}</legend>
          {(
            [
              ['daily', x.kindDaily],
              ['weekdays', x.kindWeekdays],
              ['everyNDays', x.kindEveryN],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className={`${choiceClass} items-center`}>
              <input
                type="radio"
                name={`${id}-kind`}
                className="size-4 shrink-0 accent-green-700"
                checked={values.kind === kind}
                onChange={() => change({ kind })}
              />
              <span className="font-semibold text-stone-900">{t(label)}</span>
            </label>
          ))}
        </fieldset>
        {values.kind === 'weekdays' && (
          <fieldset className="min-w-0">
            <legend className="field-label">{t(x.chooseDays)}</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAYS.map((day, index) => (
                <label key={day.value} className={chipClass} title={t(day.long)}>
                  <input
                    type="checkbox"
                    className="sr-only"
                    data-field={index === 0 ? `${id}-weekdays` : undefined}
                    checked={values.weekdays.includes(day.value)}
                    onChange={(event) =>
                      change({
                        weekdays: event.target.checked
                          ? [...values.weekdays, day.value]
                          : values.weekdays.filter((one) => one !== day.value),
                      })
                    }
                    aria-label={t(day.long)}
                    aria-describedby={problems.weekdays ? problemId('weekdays') : undefined}
                  />
                  {t(day.short)}
                </label>
              ))}
            </div>
            <FieldProblem id={problemId('weekdays')} text={problemText(problems.weekdays, t)} />
          </fieldset>
        )}
        {values.kind === 'everyNDays' && (
          <div>
            <label htmlFor={`${id}-every`} className="field-label">
              {t(x.everyHowManyDays, { ...EVERY_N_DAYS_RANGE })}
            </label>
            <input
              id={`${id}-every`}
              data-field={`${id}-everyNDays`}
              type="number"
              inputMode="numeric"
              min={EVERY_N_DAYS_RANGE.min}
              max={EVERY_N_DAYS_RANGE.max}
              className="field-input w-32"
              value={values.everyNDays}
              onChange={(event) => change({ everyNDays: event.target.value })}
              aria-invalid={problems.everyNDays !== undefined}
              aria-describedby={problemId('everyNDays')}
            />
            <FieldProblem id={problemId('everyNDays')} text={problemText(problems.everyNDays, t)} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-start`} className="field-label">
            {t(x.startDate)}
          </label>
          <input
            id={`${id}-start`}
            data-field={`${id}-startDate`}
            type="date"
            min={changesOpenFrom}
            className="field-input w-auto"
            value={values.startDate}
            onChange={(event) => change({ startDate: event.target.value })}
            aria-invalid={problems.startDate !== undefined}
            aria-describedby={`${id}-start-hint ${problemId('startDate')}`}
          />
          <p id={`${id}-start-hint`} className="mt-1 text-sm text-stone-600">
            {t(x.startDateHint, { date: formatSlotDate(changesOpenFrom) })}
          </p>
          <FieldProblem id={problemId('startDate')} text={problemText(problems.startDate, t)} />
        </div>
      </section>

      <section className="card flex min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={`${id}-address-heading`}>
        <h2 id={`${id}-address-heading`} className="text-lg font-bold text-stone-900">
          {t(x.address)}
        </h2>
        {addresses.isPending ? (
          <p className="text-stone-700">{t(x.loadingAddresses)}</p>
        ) : (addresses.data ?? []).length === 0 ? (
          <div className="flex flex-col items-start gap-2">
            <p className="text-stone-800">{t(x.noAddress)}</p>
            <Link to={paths.addresses()} className="btn-secondary px-4 py-1.5 text-sm">
              {t(x.addAddress)}
            </Link>
          </div>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="sr-only">{t(x.address)}</legend>
            {(addresses.data ?? []).map((one, index) => (
              <label key={one._id} className={`${choiceClass} items-start`}>
                <input
                  type="radio"
                  name={`${id}-address`}
                  data-field={index === 0 ? `${id}-address` : undefined}
                  className="mt-1 size-4 shrink-0 accent-green-700"
                  checked={values.addressId === one._id}
                  onChange={() => change({ addressId: one._id })}
                  aria-describedby={problems.address ? problemId('address') : undefined}
                />
                <AddressLines address={one} />
              </label>
            ))}
          </fieldset>
        )}
        <FieldProblem id={problemId('address')} text={problemText(problems.address, t)} />
        {templates.length > 0 && (
          <div>
            <label htmlFor={`${id}-slot`} className="field-label">
              {t(x.slotChoice)}
            </label>
            <select
              id={`${id}-slot`}
              className="field-input sm:w-72"
              value={values.slotTemplateId}
              onChange={(event) => change({ slotTemplateId: event.target.value })}
              aria-describedby={`${id}-slot-hint`}
            >
              <option value="">{t(x.noSlot)}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {formatSlotHours(template)}
                </option>
              ))}
            </select>
            <p id={`${id}-slot-hint`} className="mt-1 text-sm text-stone-600">
              {t(x.slotHint)}
            </p>
          </div>
        )}
      </section>

      <section className="card flex min-w-0 flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${id}-payment-heading`}>
        <h2 id={`${id}-payment-heading`} className="text-lg font-bold text-stone-900">
          {t(x.paymentChoice)}
        </h2>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="sr-only">{t(x.paymentChoice)}</legend>
          <PaymentOption
            name={`${id}-payment`}
            checked={values.paymentMethod === 'COD'}
            onChange={() => change({ paymentMethod: 'COD' })}
            label={t(x.payCod)}
            hint={t(x.payCodHint)}
          />
          {hasKhata && account && (
            <PaymentOption
              name={`${id}-payment`}
              checked={values.paymentMethod === 'Khata'}
              onChange={() => change({ paymentMethod: 'Khata' })}
              label={t(x.payKhataAvailable, { available: formatRupees(account.available) })}
              hint={t(x.payKhataHint)}
            />
          )}
        </fieldset>
      </section>

      <div className="flex flex-col gap-3">
        <ErrorBlock messages={start.isError ? errorMessages(start.error) : problemCount ? [t(x.fixFields)] : null} />
        <button
          type="submit"
          className="btn-primary self-stretch py-3 sm:self-start sm:px-10"
          disabled={start.isPending}
        >
          {start.isPending ? t(x.submitting) : t(x.submit)}
        </button>
      </div>
    </form>
  );
}

function FieldProblem({ id, text }: { id: string; text: string | null }) {
  return (
    <p id={id} className="error-text empty:hidden">
      {text}
    </p>
  );
}

function PaymentOption({
  name,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint: ReactNode;
}) {
  return (
    <label className={`${choiceClass} items-start`}>
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 shrink-0 accent-green-700"
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold text-stone-900">{label}</span>
        <span className="text-sm text-stone-600">{hint}</span>
      </span>
    </label>
  );
}

function QuantityChoice({
  product,
  options,
  value,
  onChange,
  field,
  problem,
  problemId,
}: {
  product: Product;
  options: readonly number[];
  value: number | null;
  onChange: (quantity: number) => void;
  field: string;
  problem: string | null;
  problemId: string;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="field-label">{t(x.quantity)}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label key={option} className={chipClass}>
            <input
              type="radio"
              name={name}
              value={option}
              data-field={index === 0 ? field : undefined}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
              aria-describedby={problem ? problemId : undefined}
            />
            {formatInUnit(option, product.unit)}
          </label>
        ))}
      </div>
      <FieldProblem id={problemId} text={problem} />
    </fieldset>
  );
}

/** The shop's delivery times for an address: each slot template once, earliest first. */
function slotTemplatesOf(slots: readonly Slot[]): { id: string; start: string; end: string }[] {
  const byTemplate = new Map<string, { id: string; start: string; end: string }>();
  for (const slot of slots) {
    const templateId = templateIdOfSlot(slot._id);
    if (!byTemplate.has(templateId)) byTemplate.set(templateId, { id: templateId, start: slot.start, end: slot.end });
  }
  return [...byTemplate.values()].sort((a, b) => a.start.localeCompare(b.start));
}
