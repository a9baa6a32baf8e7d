/**
 * Coupons (decision 0044): every coupon with its uses, a form to make one or change one, and
 * Delete. The server judges every rule; the form only catches a number that is not one.
 */
import { addDays, shopDateOf } from '@mandi/shared/kernel';
import type { COUPON_KINDS, Coupon, CouponBody } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AdminTable, cellClass, QueryRows } from '../../../components/admin/admin-table';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { errorMessages, serverText } from '../../../lib/api-client';
import { formatRupees, translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminCoupons, useDeleteCoupon, useSaveCoupon } from '../api/admin-coupons';
import { couponsTexts as x } from '../coupons.texts';

const HEADERS = [x.code, x.kind, x.rules, x.dates, x.uses, x.actions];

/** Today and a month on, as shop dates: the new coupon's dates. */
function defaultDates(): { from: string; to: string } {
  const today = shopDateOf(new Date());
  return { from: today, to: addDays(today, 30) };
}

interface Draft {
  code: string;
  kind: (typeof COUPON_KINDS)[number];
  value: string;
  minSubtotal: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  firstOrderOnly: boolean;
}

const draftOf = (coupon: Coupon | null): Draft => {
  if (!coupon) {
    const dates = defaultDates();
    return {
      code: '',
      kind: 'flat',
      value: '',
      minSubtotal: '0',
      validFrom: dates.from,
      validTo: dates.to,
      maxUses: '',
      firstOrderOnly: false,
    };
  }
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: String(coupon.value),
    minSubtotal: String(coupon.minSubtotal),
    validFrom: coupon.validFrom,
    validTo: coupon.validTo,
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    firstOrderOnly: coupon.firstOrderOnly,
  };
};

/** A plain decimal number typed by a person, or null. */
const decimal = (text: string): number | null => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : null);

function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: (message: string | null) => void }) {
  const t = useT();
  const id = useId();
  const save = useSaveCoupon();
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((before) => ({ ...before, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = decimal(draft.value);
    const minSubtotal = decimal(draft.minSubtotal || '0');
    const maxUses =
      draft.maxUses.trim() === '' ? null : /^\d+$/.test(draft.maxUses.trim()) ? Number(draft.maxUses) : NaN;
    if (value === null) return setProblem(t(x.badValue));
    if (minSubtotal === null) return setProblem(t(x.badMinimum));
    if (Number.isNaN(maxUses)) return setProblem(t(x.badMaxUses));
    setProblem(null);
    const body: CouponBody = {
      code: draft.code.trim(),
      kind: draft.kind,
      value,
      minSubtotal,
      validFrom: draft.validFrom,
      validTo: draft.validTo,
      maxUses,
      firstOrderOnly: draft.firstOrderOnly,
    };
    save.mutate({ id: coupon?._id ?? null, body }, { onSuccess: (answer) => onDone(translate(serverText(answer))) });
  }

  const field = (key: 'code' | 'value' | 'minSubtotal' | 'maxUses', label: typeof x.code, hint?: typeof x.code) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="field-label">
        {t(label)}
      </label>
      <input
        id={`${id}-${key}`}
        className="field-input"
        autoComplete="off"
        inputMode={key === 'code' ? 'text' : key === 'maxUses' ? 'numeric' : 'decimal'}
        value={draft[key]}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        onChange={(event) => set(key, event.target.value)}
      />
      {hint && (
        <p id={`${id}-${key}-hint`} className="mt-1 text-sm text-stone-600">
          {t(hint)}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="card mb-4 flex flex-col gap-3 p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-stone-900">
        {coupon ? t(x.editCoupon, { code: coupon.code }) : t(x.newCoupon)}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field('code', x.code, x.codeHint)}
        <div>
          <label htmlFor={`${id}-kind`} className="field-label">
            {t(x.kind)}
          </label>
          <select
            id={`${id}-kind`}
            className="field-input"
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as Draft['kind'])}
          >
            <option value="flat">{t(x.kindFlat)}</option>
            <option value="percent">{t(x.kindPercent)}</option>
          </select>
        </div>
        {field('value', x.value)}
        {field('minSubtotal', x.minSubtotal)}
        <div>
          <label htmlFor={`${id}-from`} className="field-label">
            {t(x.validFrom)}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="field-input"
            value={draft.validFrom}
            onChange={(event) => set('validFrom', event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="field-label">
            {t(x.validTo)}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="field-input"
            value={draft.validTo}
            onChange={(event) => set('validTo', event.target.value)}
          />
        </div>
        {field('maxUses', x.maxUses, x.maxUsesHint)}
        <div className="flex items-center gap-2 sm:pt-7">
          <input
            id={`${id}-first`}
            type="checkbox"
            className="h-5 w-5 accent-green-700"
            checked={draft.firstOrderOnly}
            onChange={(event) => set('firstOrderOnly', event.target.checked)}
          />
          <label htmlFor={`${id}-first`} className="font-semibold text-stone-800">
            {t(x.firstOrderOnly)}
          </label>
        </div>
      </div>
      <ErrorBlock messages={problem ? [problem] : save.isError ? errorMessages(save.error) : null} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
          {save.isPending ? t(x.saving) : t(x.save)}
        </button>
        {coupon && (
          <button type="button" className="btn-secondary min-h-11" onClick={() => onDone(null)}>
            {t(x.cancel)}
          </button>
        )}
      </div>
    </form>
  );
}

const rowButton = 'inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-semibold whitespace-nowrap';

export default function AdminCouponsPage() {
  const t = useT();
  usePageTitle(x.title);
  const coupons = useAdminCoupons();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A new form after each save, so its fields start empty again.
  const [formKey, setFormKey] = useState(0);
  const chosen = coupons.data?.find((coupon) => coupon._id === editing) ?? null;

  function finish(message: string | null) {
    setEditing(null);
    setDone(message);
    setFormKey((key) => key + 1);
  }

  function confirmDelete(coupon: Coupon) {
    if (!window.confirm(t(x.confirmDelete, { code: coupon.code }))) return;
    setDone(null);
    remove.mutate(coupon._id, { onSuccess: (answer) => finish(translate(serverText(answer))) });
  }

  return (
    <section>
      <AdminPageHeader title={t(x.title)} />
      <p className="mb-4 text-stone-700">{t(x.lead)}</p>
      <div className="mb-4 flex flex-col gap-3">
        <SuccessLine message={done} />
        <ErrorBlock messages={remove.isError ? errorMessages(remove.error) : null} />
      </div>
      <CouponForm key={chosen ? chosen._id : `new-${formKey}`} coupon={chosen} onDone={finish} />
      <AdminTable caption={t(x.caption)} headers={HEADERS}>
        <QueryRows query={coupons} items={coupons.data} columns={HEADERS.length} empty={t(x.none)}>
          {(coupon) => (
            <tr key={coupon._id} className="hover:bg-stone-50">
              <td className={`${cellClass} font-semibold text-stone-900`}>{coupon.code}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {coupon.kind === 'flat'
                  ? t(x.discountFlat, { amount: formatRupees(coupon.value) })
                  : t(x.discountPercent, { percent: coupon.value })}
              </td>
              <td className={cellClass}>
                {t(x.from, { amount: formatRupees(coupon.minSubtotal) })}
                {coupon.firstOrderOnly && <span className="block text-sm text-stone-600">{t(x.firstOrderOnly)}</span>}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {t(x.datesValue, { from: coupon.validFrom, to: coupon.validTo })}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {coupon.maxUses === null ? coupon.uses : t(x.usesOf, { uses: coupon.uses, max: coupon.maxUses })}
              </td>
              <td className={`${cellClass} flex flex-wrap gap-2`}>
                <button
                  type="button"
                  className={`${rowButton} border-green-700 text-green-800 hover:bg-green-50`}
                  aria-label={t(x.editLabel, { code: coupon.code })}
                  onClick={() => {
                    setDone(null);
                    setEditing(coupon._id);
                    window.scrollTo?.({ top: 0 });
                  }}
                >
                  {t(x.edit)}
                </button>
                <button
                  type="button"
                  className={`${rowButton} border-red-700 text-red-800 hover:bg-red-50`}
                  aria-label={t(x.deleteLabel, { code: coupon.code })}
                  onClick={() => confirmDelete(coupon)}
                  disabled={remove.isPending}
                >
                  {t(x.delete)}
                </button>
              </td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
    </section>
  );
}
