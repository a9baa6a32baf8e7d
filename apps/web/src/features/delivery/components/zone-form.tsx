/**
 * The admin's zone form (add, or edit the zone given): name, PIN prefixes as a comma- or
 * line-separated list (1-6 digits each, no repeats), minimum order, fee and the optional "free
 * above". Each field's problem is shown beside it (aria-describedby); the server's answer below.
 */
import type { Zone } from '@mandi/shared/delivery';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormMessages, useActionMessages } from '../../../components/admin/action-messages';
import { type Text, type Translate, translate, useT } from '../../../lib/i18n';
import { useSaveZone, type ZoneInput } from '../api/admin-delivery';
import { deliveryAdminTexts as x } from '../delivery-admin.texts';

export interface ZoneFormValues {
  name: string;
  pinPrefixes: string;
  minOrder: string;
  deliveryFee: string;
  freeAbove: string;
}

type ZoneErrors = Partial<Record<keyof ZoneFormValues, string>>;

export const EMPTY_ZONE: ZoneFormValues = { name: '', pinPrefixes: '', minOrder: '0', deliveryFee: '0', freeAbove: '' };

export function zoneToValues(zone: Zone): ZoneFormValues {
  return {
    name: zone.name,
    pinPrefixes: zone.pinPrefixes.join(', '),
    minOrder: String(zone.minOrder),
    deliveryFee: String(zone.deliveryFee),
    freeAbove: zone.freeAbove === null ? '' : String(zone.freeAbove),
  };
}

/** "411, 422001\n4" → ["411", "422001", "4"] */
export const splitPrefixes = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** ₹ with at most 2 decimals (whole paise), 0 or more; null when it is not one. */
function rupees(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The zone to send, or the problem of each field (the ones naming prefixes written in the active language). */
export function validateZone(
  values: ZoneFormValues,
  t: Translate = translate,
): { input: ZoneInput | null; errors: ZoneErrors } {
  const errors: ZoneErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = t(x.giveTheZoneAName);
  else if (name.length > 100) errors.name = t(x.theNameIsAtMost);

  const prefixes = splitPrefixes(values.pinPrefixes);
  const wrong = prefixes.filter((prefix) => !/^\d{1,6}$/.test(prefix));
  const repeated = prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index);
  if (!prefixes.length) errors.pinPrefixes = t(x.giveAtLeastOnePin);
  else if (wrong.length) errors.pinPrefixes = t(x.aPinPrefixIsDigits, { prefixes: wrong.join(', ') });
  else if (repeated.length)
    errors.pinPrefixes = t(x.pinPrefixListedTwice, { prefixes: [...new Set(repeated)].join(', ') });

  const minOrder = rupees(values.minOrder);
  if (minOrder === null) errors.minOrder = t(x.theMinimumOrderIsAn);
  const deliveryFee = rupees(values.deliveryFee);
  if (deliveryFee === null) errors.deliveryFee = t(x.theFeeIsAnAmount);
  const freeAbove = values.freeAbove.trim() === '' ? null : rupees(values.freeAbove);
  if (values.freeAbove.trim() !== '' && freeAbove === null) {
    errors.freeAbove = t(x.freeAboveIsAnAmount);
  }

  if (Object.keys(errors).length || minOrder === null || deliveryFee === null) return { input: null, errors };
  return { input: { name, pinPrefixes: prefixes, minOrder, deliveryFee, freeAbove }, errors };
}

export function ZoneForm({ zone, onDone }: { zone: Zone | null; onDone: () => void }) {
  const t = useT();
  const [values, setValues] = useState<ZoneFormValues>(() => (zone ? zoneToValues(zone) : EMPTY_ZONE));
  const [errors, setErrors] = useState<ZoneErrors>({});
  const save = useSaveZone();
  const messages = useActionMessages();
  const baseId = useId();

  const set = (field: keyof ZoneFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateZone(values, t);
    setErrors(checked.errors);
    const { input } = checked;
    if (!input) return;
    const saved = await messages.submit(async () => {
      const result = await save.mutateAsync({ id: zone?._id ?? null, input });
      return t(zone ? x.zoneNameUpdated : x.zoneNameAdded, { name: result.name });
    });
    if (saved && !zone) setValues(EMPTY_ZONE);
    if (saved && zone) onDone();
  }

  const field = (
    name: keyof ZoneFormValues,
    label: Text,
    hint: Text | null,
    input: (props: FieldProps) => ReactNode,
  ) => {
    const id = `${baseId}-${name}`;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {t(label)}
        </label>
        {input({
          id,
          value: values[name],
          onChange: (event) => set(name)(event.target.value),
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': [hint ? hintId : '', errors[name] ? errorId : ''].filter(Boolean).join(' ') || undefined,
        })}
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-stone-600">
            {t(hint)}
          </p>
        )}
        {errors[name] && (
          <p id={errorId} className="error-text mt-1">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="card flex flex-col gap-4 p-5"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby={`${baseId}-title`}
    >
      <h3 id={`${baseId}-title`} className="text-lg font-bold text-stone-900">
        {zone ? t(x.editZoneName, { name: zone.name }) : t(x.addAZone)}
      </h3>
      {field('name', x.zoneName, null, (props) => (
        <input {...props} className="field-input" maxLength={100} />
      ))}
      {field('pinPrefixes', x.pinPrefixes, x.pinPrefixesHint, (props) => (
        <textarea {...props} rows={2} className="field-input" />
      ))}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('minOrder', x.minimumOrderRupees, null, (props) => (
          <input {...props} inputMode="decimal" className="field-input" />
        ))}
        {field('deliveryFee', x.deliveryFeeRupees, null, (props) => (
          <input {...props} inputMode="decimal" className="field-input" />
        ))}
        {field('freeAbove', x.freeAboveRupees, x.emptyTheFeeIsAlways, (props) => (
          <input {...props} inputMode="decimal" className="field-input" />
        ))}
      </div>
      <FormMessages success={messages.success} errors={messages.errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {t(zone ? x.saveZone : x.addZone)}
        </button>
        {zone && (
          <button type="button" className="btn-secondary" onClick={onDone}>
            {t(x.cancelEdit)}
          </button>
        )}
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
