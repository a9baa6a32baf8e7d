/**
 * Adds or edits a saved address: its name (Home, Office…), then the checkout's own fields, checked
 * by the checkout's rules in the same order and with the same messages (findShippingProblem),
 * then the name. The server checks them again; its message shows here as well.
 */
import { findShippingProblem } from '@mandi/shared';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { serverText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { plainErrorMessages } from '../../../lib/offline/kept-answers';
import { addressesTexts as x } from '../addresses.texts';
import type { AddressFields } from '../api/saved-addresses';

export function AddressForm({
  heading,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  heading: string;
  initial: AddressFields;
  submitLabel: string;
  /** Saves; a rejection's message is shown. */
  onSubmit: (fields: AddressFields) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  // Opened by a button that it replaces: the focus goes to its first field, not to the page.
  useEffect(() => firstField.current?.focus(), []);
  const update = (field: keyof AddressFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const shippingProblem = findShippingProblem(fields);
    if (shippingProblem)
      return setProblem(t(serverText({ code: shippingProblem, message: SERVER_MESSAGES[shippingProblem] })));
    if (!fields.label.trim()) return setProblem(t(x.labelRequired));
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit(fields);
    } catch (error) {
      setProblem(plainErrorMessages(error).join(' '));
    } finally {
      setSaving(false);
    }
  }

  const describedBy = problem ? `${id}-problem` : undefined;
  const field = (name: keyof AddressFields, label: string, extra: Record<string, string | number> = {}) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field-input"
        value={fields[name]}
        onChange={update(name)}
        aria-describedby={describedBy}
        {...extra}
      />
    </div>
  );

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold text-stone-900">
        {heading}
      </h2>
      <div>
        <label htmlFor={`${id}-label`} className="field-label">
          {t(x.label)}
        </label>
        <input
          ref={firstField}
          id={`${id}-label`}
          className="field-input"
          value={fields.label}
          onChange={update('label')}
          list={`${id}-labels`}
          maxLength={40}
          aria-describedby={[`${id}-label-hint`, describedBy].filter(Boolean).join(' ')}
        />
        <datalist id={`${id}-labels`}>
          <option value={t(x.home)} />
          <option value={t(x.office)} />
        </datalist>
        <p id={`${id}-label-hint`} className="mt-1 text-sm text-stone-600">
          {t(x.labelHint)}
        </p>
      </div>
      {field('pinCode', t(x.pinCode), { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 })}
      {field('address', t(x.address), { autoComplete: 'street-address', maxLength: 200 })}
      {field('city', t(x.city), { autoComplete: 'address-level2', maxLength: 200 })}
      {field('mobileNumber', t(x.mobileNumber), { inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 10 })}
      <p id={`${id}-problem`} className="error-text min-h-5" role="alert">
        {problem}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary flex-1" disabled={isSaving}>
          {isSaving ? t(x.saving) : submitLabel}
        </button>
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          {t(x.cancel)}
        </button>
      </div>
    </form>
  );
}
