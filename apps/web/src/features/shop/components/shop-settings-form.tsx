/**
 * The Shop settings form: every field of the profile, grouped (the shop, licences and payments,
 * grievance officer, about texts, and the five policies in English and Hindi, each policy behind a
 * disclosure), checked as the server checks them before sending, and the server's refusals shown at
 * the field they are about. Beside it, the live preview of the bill's header.
 */
import { formatIndianNumber } from '@mandi/shared/kernel';
import {
  ABOUT_MAX_LENGTH,
  POLICY_KEYS,
  POLICY_MAX_LENGTH,
  type PolicyKey,
  type Shop,
  TAGLINE_MAX_LENGTH,
} from '@mandi/shared/schemas';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { ApiError, errorMessages } from '../../../lib/api-client';
import { type Text, useT } from '../../../lib/i18n';
import { useSaveShop } from '../api/save-shop';
import { policiesTexts } from '../policies.texts';
import { shopSettingsTexts as x } from '../shop-settings.texts';
import { BillHeaderPreview } from './bill-header-preview';
import {
  bodyOfForm,
  type FieldName,
  type FormProblems,
  fieldOfServerCode,
  formOfShop,
  problemsOf,
  type ShopFormValues,
  STATE_NAMES,
} from './shop-form';

const fieldId = (field: FieldName) => `shop-${field.replace('.', '-')}`;

export function ShopSettingsForm({ shop }: { shop: Shop }) {
  const t = useT();
  const [form, setForm] = useState(() => formOfShop(shop));
  const [problems, setProblems] = useState<FormProblems>({});
  const [hasTried, setHasTried] = useState(false);
  const [openPolicies, setOpenPolicies] = useState<ReadonlySet<PolicyKey>>(new Set());
  const [focusField, setFocusField] = useState<FieldName | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveShop();

  // The first field to fix gets the focus once it is on screen (its policy opened).
  useEffect(() => {
    if (!focusField) return;
    document.getElementById(fieldId(focusField))?.focus();
    setFocusField(null);
  }, [focusField]);

  const change = (next: ShopFormValues) => {
    setForm(next);
    setSaved(false);
    if (hasTried) setProblems(problemsOf(next));
  };
  const text = (field: Exclude<FieldName, `policies${string}`>) => ({
    value: form[field],
    onChange: (value: string) => change({ ...form, [field]: value }),
  });
  const policy = (set: 'policies' | 'policiesHi', key: PolicyKey) => ({
    value: form[set][key],
    onChange: (value: string) => change({ ...form, [set]: { ...form[set], [key]: value } }),
  });

  /** Opens the policies with a problem and focuses the first field to fix. */
  const showProblems = (found: FormProblems) => {
    setProblems(found);
    const fields = Object.keys(found) as FieldName[];
    const withProblem = POLICY_KEYS.filter((key) => found[`policies.${key}`] || found[`policiesHi.${key}`]);
    if (withProblem.length) setOpenPolicies((open) => new Set([...open, ...withProblem]));
    const first = ORDER.find((field) => fields.includes(field));
    if (first) setFocusField(first);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    setSaved(false);
    const found = problemsOf(form);
    if (Object.keys(found).length) return showProblems(found);
    try {
      const savedShop = await save.mutateAsync(bodyOfForm(form));
      setForm(formOfShop(savedShop));
      setProblems({});
      setSaved(true);
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfServerCode(error.sent[0]?.code) : undefined;
      const first = error instanceof ApiError ? error.texts[0] : undefined;
      if (field && first) showProblems({ [field]: first });
    }
  };

  const problemCount = Object.keys(problems).length;
  const serverField = save.error instanceof ApiError ? fieldOfServerCode(save.error.sent[0]?.code) : undefined;
  const pageMessages =
    save.isError && !serverField ? errorMessages(save.error) : problemCount ? [t(x.fixFields)] : null;

  const field = (name: Exclude<FieldName, `policies${string}`>, label: Text, extra: ControlExtra = {}) => (
    <FormField
      name={name}
      label={t(label)}
      hint={extra.hint && t(extra.hint)}
      problem={problems[name]}
      count={extra.count ? { value: form[name].length, max: extra.maxLength ?? 0 } : undefined}
    >
      {(props) =>
        extra.rows ? (
          <textarea
            {...props}
            value={form[name]}
            onChange={(e) => text(name).onChange(e.target.value)}
            rows={extra.rows}
            maxLength={extra.maxLength}
            lang={name === 'aboutHi' ? 'hi' : undefined}
            className="field-input leading-relaxed"
          />
        ) : (
          <input
            {...props}
            value={form[name]}
            onChange={(e) => text(name).onChange(e.target.value)}
            type={extra.type ?? 'text'}
            inputMode={extra.inputMode}
            autoComplete={extra.autoComplete ?? 'off'}
            maxLength={extra.maxLength}
            lang={name === 'taglineHi' ? 'hi' : undefined}
            className="field-input"
          />
        )
      }
    </FormField>
  );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form onSubmit={handleSubmit} noValidate className="flex min-w-0 flex-col gap-6">
        <Section legend={t(x.shopLegend)}>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('name', x.name, { hint: x.nameHint, maxLength: 100, autoComplete: 'organization' })}
            {field('legalName', x.legalName, { hint: x.legalNameHint, maxLength: 100 })}
          </div>
          {field('address', x.address, { rows: 2, maxLength: 300 })}
          <FormField name="state" label={t(x.state)} problem={problems.state}>
            {(props) => (
              <select
                {...props}
                value={form.state}
                onChange={(e) => text('state').onChange(e.target.value)}
                className="field-input"
              >
                <option value="">{t(x.chooseState)}</option>
                {STATE_NAMES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('phone', x.phone, {
              hint: x.phoneHint,
              type: 'tel',
              inputMode: 'numeric',
              maxLength: 10,
              autoComplete: 'tel-national',
            })}
            {field('email', x.email, { type: 'email', autoComplete: 'email', maxLength: 254 })}
          </div>
          <div className="sm:w-1/2 sm:pr-2">
            {field('subscriptionCutoff', x.subscriptionCutoff, { hint: x.subscriptionCutoffHint, type: 'time' })}
          </div>
        </Section>

        <Section legend={t(x.licencesLegend)}>
          {field('fssaiNumber', x.fssaiNumber, { hint: x.fssaiHint, inputMode: 'numeric', maxLength: 14 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('gstin', x.gstin, { hint: x.gstinHint, maxLength: 15 })}
            {field('upiId', x.upiId, { hint: x.upiHint, maxLength: 320 })}
          </div>
        </Section>

        <Section legend={t(x.officerLegend)} note={t(x.officerNote)}>
          <div className="grid gap-4 sm:grid-cols-3">
            {field('officerName', x.officerName, { maxLength: 100 })}
            {field('officerEmail', x.officerEmail, { type: 'email', maxLength: 254 })}
            {field('officerPhone', x.officerPhone, {
              hint: x.phoneHint,
              type: 'tel',
              inputMode: 'numeric',
              maxLength: 10,
            })}
          </div>
        </Section>

        <Section legend={t(x.aboutLegend)} note={t(x.aboutHint)}>
          {field('tagline', x.taglineEn, { hint: x.taglineHint, maxLength: TAGLINE_MAX_LENGTH, count: true })}
          {field('taglineHi', x.taglineHi, { maxLength: TAGLINE_MAX_LENGTH, count: true })}
          {field('about', x.aboutEn, { rows: 6, maxLength: ABOUT_MAX_LENGTH, count: true })}
          {field('aboutHi', x.aboutHi, { rows: 6, maxLength: ABOUT_MAX_LENGTH, count: true })}
        </Section>

        <Section legend={t(x.policiesLegend)} note={t(x.policiesNote)}>
          {POLICY_KEYS.map((key) => {
            const needsFixing = Boolean(problems[`policies.${key}`] || problems[`policiesHi.${key}`]);
            return (
              <details
                key={key}
                open={openPolicies.has(key)}
                onToggle={(event) => {
                  const isOpen = event.currentTarget.open;
                  setOpenPolicies((open) => {
                    const next = new Set(open);
                    if (isOpen) next.add(key);
                    else next.delete(key);
                    return next;
                  });
                }}
                className="rounded-xl ring-1 ring-stone-200"
              >
                <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-stone-900 hover:bg-stone-50">
                  {t(policiesTexts[key])}
                  {needsFixing && <span className="ml-2 text-sm font-semibold text-red-700">({t(x.needsFixing)})</span>}
                </summary>
                <div className="flex flex-col gap-4 px-4 pt-1 pb-4">
                  {(['policies', 'policiesHi'] as const).map((set) => {
                    const name = `${set}.${key}` as const;
                    const bound = policy(set, key);
                    return (
                      <FormField
                        key={set}
                        name={name}
                        label={t(set === 'policies' ? x.english : x.hindi, { policy: t(policiesTexts[key]) })}
                        problem={problems[name]}
                        count={{ value: bound.value.length, max: POLICY_MAX_LENGTH }}
                      >
                        {(props) => (
                          <textarea
                            {...props}
                            value={bound.value}
                            onChange={(e) => bound.onChange(e.target.value)}
                            rows={10}
                            maxLength={POLICY_MAX_LENGTH}
                            lang={set === 'policiesHi' ? 'hi' : 'en'}
                            className="field-input leading-relaxed"
                          />
                        )}
                      </FormField>
                    );
                  })}
                </div>
              </details>
            );
          })}
        </Section>

        <div className="flex flex-col gap-3">
          <ErrorBlock messages={pageMessages} />
          <SuccessLine message={saved ? t(x.saved) : null} />
          <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
            {save.isPending ? t(x.saving) : t(x.save)}
          </button>
        </div>
      </form>
      <aside className="min-w-0 xl:sticky xl:top-24 xl:self-start">
        <BillHeaderPreview form={form} />
      </aside>
    </div>
  );
}

type ControlExtra = {
  hint?: Text;
  rows?: number;
  type?: 'text' | 'tel' | 'email' | 'time';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  maxLength?: number;
  /** Show "n of max characters" under it (the long texts). */
  count?: boolean;
};

/** The fields in the order they appear, so the focus goes to the first one to fix. */
const ORDER: FieldName[] = [
  'name',
  'legalName',
  'address',
  'state',
  'phone',
  'email',
  'subscriptionCutoff',
  'fssaiNumber',
  'gstin',
  'upiId',
  'officerName',
  'officerEmail',
  'officerPhone',
  'tagline',
  'taglineHi',
  'about',
  'aboutHi',
  ...POLICY_KEYS.flatMap((key) => [`policies.${key}`, `policiesHi.${key}`] as const),
];

function Section({ legend, note, children }: { legend: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="card flex min-w-0 flex-col gap-4 p-5 sm:p-6">
      <legend className="float-left mb-1 w-full text-lg font-bold text-stone-900">{legend}</legend>
      {note && <p className="-mt-2 text-sm text-stone-600">{note}</p>}
      {children}
    </fieldset>
  );
}

interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint, its character count and its problem, tied to it for screen readers. */
function FormField({
  name,
  label,
  hint,
  problem,
  count,
  children,
}: {
  name: FieldName;
  label: string;
  hint?: string;
  problem?: Text;
  count?: { value: number; max: number };
  children: (props: ControlProps) => ReactNode;
}) {
  const t = useT();
  const id = fieldId(name);
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, name, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {count && (
        <p className="mt-1 text-right text-xs text-stone-600">
          {t(x.characters, { count: formatIndianNumber(count.value), max: formatIndianNumber(count.max) })}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="error-text mt-1">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
