/**
 * The product form's tax fields: the HSN code and the GST rate, sent as the multipart text fields
 * `hsnCode` and `gstRate`. Both may stay empty: the server then takes the category's default.
 */
import { GST_RATES } from '@mandi/shared';
import { useId } from 'react';
import { BILLING_TEXTS as T } from '../billing.texts';

export interface TaxFieldValues {
  /** Digits as typed; '' for the category's default. */
  hsnCode: string;
  /** One of GST_RATES as text; '' for the category's default. */
  gstRate: string;
}

/** The form's tax values of a saved product ('' where it has none). */
export const taxFieldValuesOf = (product: { hsnCode?: string | null; gstRate?: number | null }): TaxFieldValues => ({
  hsnCode: product.hsnCode ?? '',
  gstRate: product.gstRate === undefined || product.gstRate === null ? '' : String(product.gstRate),
});

/** Adds the fields that were filled in; an empty one is left out so the category's default applies. */
export function appendTaxFields(form: FormData, values: TaxFieldValues): void {
  const hsnCode = values.hsnCode.trim();
  if (hsnCode) form.append('hsnCode', hsnCode);
  if (values.gstRate) form.append('gstRate', values.gstRate);
}

export function TaxFields({
  values,
  onChange,
}: {
  values: TaxFieldValues;
  onChange: (values: TaxFieldValues) => void;
}) {
  const ids = { hsn: useId(), gst: useId(), help: useId() };
  return (
    <div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.hsn} className="field-label">
            {T.hsnLabel}
          </label>
          <input
            id={ids.hsn}
            className="field-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={values.hsnCode}
            placeholder={T.hsnPlaceholder}
            aria-describedby={ids.help}
            onChange={(event) => onChange({ ...values, hsnCode: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={ids.gst} className="field-label">
            {T.gstLabel}
          </label>
          <select
            id={ids.gst}
            className="field-input"
            value={values.gstRate}
            aria-describedby={ids.help}
            onChange={(event) => onChange({ ...values, gstRate: event.target.value })}
          >
            <option value="">{T.gstCategoryDefault}</option>
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {T.gstOption(rate)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={ids.help} className="mt-1 text-sm text-stone-600">
        {T.taxHelp}
      </p>
    </div>
  );
}
