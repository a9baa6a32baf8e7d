/**
 * The Add Product and Update Product form (docs/product.md#admin-screens): name, other names, the
 * unit it is sold in, rate and stocks in that unit, the quantities a shopper may pick (the unit's
 * usual ones to start with, editable, checked by the kernel's rule as the API checks them),
 * category, the tax fields (HSN code, GST rate) and the image (required to add while the shop is
 * the demo; a real shop may leave it out, decision 0057).
 */
import {
  checkQuantityOptions,
  isCountedUnit,
  isUnit,
  parseKgToGrams,
  UNIT_CHOICES,
  UNIT_PRESETS,
  UNITS,
  type Unit,
} from '@mandi/shared/kernel';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { formatInUnit, type Translate, unitName, useT } from '../../../lib/i18n';
import type { Category } from '../../../lib/types';
import { TaxFields } from '../../billing';
import type { ProductFormValues } from '../api/admin-products';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { ImagePicker } from './image-picker';

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  aliases: '',
  rate: '',
  stocks: '',
  category: '',
  unit: 'kg',
  kilogramOption: ['0.5'],
  hsnCode: '',
  gstRate: '',
  plu: '',
  image: null,
};

export function ProductForm({
  initial,
  categories,
  submitLabel,
  isSubmitting,
  imageRequired,
  currentImageUrl,
  onMissingCategory,
  onSubmit,
  resetKey,
  children,
}: {
  initial: ProductFormValues;
  categories: Category[];
  submitLabel: string;
  isSubmitting: boolean;
  imageRequired: boolean;
  currentImageUrl?: string;
  /** Called instead of onSubmit when no category is chosen: nothing is sent. */
  onMissingCategory: () => void;
  onSubmit: (values: ProductFormValues) => void;
  /** Changing it clears the form (after a product was added). */
  resetKey?: number;
  /** Messages shown above the button. */
  children?: ReactNode;
}) {
  return (
    <ProductFormFields
      key={resetKey}
      initial={initial}
      categories={categories}
      submitLabel={submitLabel}
      isSubmitting={isSubmitting}
      imageRequired={imageRequired}
      currentImageUrl={currentImageUrl}
      onMissingCategory={onMissingCategory}
      onSubmit={onSubmit}
    >
      {children}
    </ProductFormFields>
  );
}

function ProductFormFields({
  initial,
  categories,
  submitLabel,
  isSubmitting,
  imageRequired,
  currentImageUrl,
  onMissingCategory,
  onSubmit,
  children,
}: Omit<Parameters<typeof ProductForm>[0], 'resetKey'>) {
  const t = useT();
  const [values, setValues] = useState<ProductFormValues>(initial);
  const ids = {
    name: useId(),
    aliases: useId(),
    aliasesHelp: useId(),
    plu: useId(),
    pluHelp: useId(),
    rate: useId(),
    stocks: useId(),
    category: useId(),
    unit: useId(),
    unitHelp: useId(),
    other: useId(),
    optionsProblem: useId(),
  };
  const [otherQuantity, setOtherQuantity] = useState('');
  const [optionsProblem, setOptionsProblem] = useState<string | null>(null);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const toggleWeight = (weight: string, isChecked: boolean) => {
    setOptionsProblem(null);
    setValues((current) => ({
      ...current,
      kilogramOption: isChecked
        ? [...new Set([...current.kilogramOption, weight])].sort((a, b) => Number(a) - Number(b))
        : current.kilogramOption.filter((option) => option !== weight),
    }));
  };

  /** A new unit starts from its usual quantities; the admin ticks or adds others. */
  const chooseUnit = (unit: Unit) => {
    setOptionsProblem(null);
    setValues((current) => ({ ...current, unit, kilogramOption: presetsOf(unit) }));
  };

  const addOther = () => {
    const problem = optionsProblemText(values.unit, [...values.kilogramOption, otherQuantity], t);
    if (problem) {
      setOptionsProblem(problem);
      return;
    }
    toggleWeight(normalised(otherQuantity), true);
    setOtherQuantity('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = optionsProblemText(values.unit, values.kilogramOption, t);
    if (problem) {
      setOptionsProblem(problem);
      return;
    }
    if (!values.category) {
      onMissingCategory();
      return;
    }
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} className="card flex flex-col gap-5 p-5 sm:p-8" encType="multipart/form-data">
      <div>
        <label htmlFor={ids.name} className="field-label">
          {t(x.productName)}
        </label>
        <input
          id={ids.name}
          className="field-input"
          value={values.name}
          maxLength={80}
          placeholder={t(x.eGAlphonsoMango)}
          onChange={(event) => set('name', event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={ids.aliases} className="field-label">
          {t(x.otherNames)}
        </label>
        <input
          id={ids.aliases}
          className="field-input"
          value={values.aliases}
          placeholder={t(x.eGAloo)}
          aria-describedby={ids.aliasesHelp}
          onChange={(event) => set('aliases', event.target.value)}
        />
        <p id={ids.aliasesHelp} className="mt-1 text-sm text-stone-600">
          {t(x.hindiAndLocalNamesSeparated)}
        </p>
      </div>
      <div>
        <label htmlFor={ids.unit} className="field-label">
          {t(x.soldBy)}
        </label>
        <select
          id={ids.unit}
          className="field-input"
          value={values.unit}
          aria-describedby={ids.unitHelp}
          onChange={(event) => {
            if (isUnit(event.target.value)) chooseUnit(event.target.value);
          }}
        >
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unitName(unit)}
            </option>
          ))}
        </select>
        <p id={ids.unitHelp} className="mt-1 text-sm text-stone-600">
          {t(x.unitHelp)}
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.rate} className="field-label">
            {t(x.ratePerUnitLabel, { unit: unitName(values.unit) })}
          </label>
          <input
            id={ids.rate}
            className="field-input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            value={values.rate}
            placeholder={t(x.ratePerUnitPlaceholder, { unit: unitName(values.unit) })}
            onChange={(event) => set('rate', event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.stocks} className="field-label">
            {t(x.stocksUnit, { unit: unitName(values.unit) })}
          </label>
          <input
            id={ids.stocks}
            className="field-input"
            type="number"
            inputMode="decimal"
            min={0}
            step={isCountedUnit(values.unit) ? 1 : 0.001}
            required
            value={values.stocks}
            placeholder={t(x.stockInUnit, { unit: unitName(values.unit) })}
            onChange={(event) => set('stocks', event.target.value)}
          />
        </div>
      </div>
      <fieldset aria-describedby={optionsProblem ? ids.optionsProblem : undefined}>
        <legend className="field-label">{t(x.weightOptions)}</legend>
        <div className="flex flex-wrap gap-2">
          {choicesOf(values.unit, values.kilogramOption).map((value) => {
            const isChecked = values.kilogramOption.includes(value);
            return (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700 ${
                  isChecked ? 'border-green-700 bg-green-50 text-green-900' : 'border-stone-300 text-stone-700'
                }`}
              >
                <input
                  type="checkbox"
                  name="kilogramOption"
                  value={value}
                  checked={isChecked}
                  onChange={(event) => toggleWeight(value, event.target.checked)}
                  className="h-4 w-4 accent-green-700"
                />
                {values.unit === 'kg' ? t(x.valueKgUpper, { value }) : formatInUnit(Number(value), values.unit)}
              </label>
            );
          })}
        </div>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={ids.other} className="text-sm font-medium text-stone-700">
              {t(x.otherQuantity, { unit: unitName(values.unit) })}
            </label>
            <input
              id={ids.other}
              className="field-input w-32"
              type="text"
              inputMode={isCountedUnit(values.unit) ? 'numeric' : 'decimal'}
              value={otherQuantity}
              onChange={(event) => setOtherQuantity(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                addOther();
              }}
            />
          </div>
          <button type="button" className="btn-secondary" onClick={addOther} disabled={!otherQuantity.trim()}>
            {t(x.addQuantity)}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setOptionsProblem(null);
              set('kilogramOption', presetsOf(values.unit));
            }}
          >
            {t(x.usePresets)}
          </button>
        </div>
        {optionsProblem && (
          <p id={ids.optionsProblem} role="alert" className="error-text mt-2">
            {optionsProblem}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={ids.category} className="field-label">
          {t(x.category)}
        </label>
        <select
          id={ids.category}
          className="field-input"
          value={values.category}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">{t(x.chooseCategory)}</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.categoryName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.plu} className="field-label">
          {t(x.plu)}
        </label>
        <input
          id={ids.plu}
          className="field-input"
          inputMode="numeric"
          maxLength={5}
          value={values.plu}
          aria-describedby={ids.pluHelp}
          onChange={(event) => set('plu', event.target.value.replace(/\D/g, ''))}
        />
        <p id={ids.pluHelp} className="mt-1 text-sm text-stone-600">
          {t(x.pluHelp)}
        </p>
      </div>
      <TaxFields
        values={{ hsnCode: values.hsnCode, gstRate: values.gstRate }}
        onChange={(tax) => setValues((current) => ({ ...current, ...tax }))}
      />
      <ImagePicker
        label={imageRequired ? t(x.productImage) : t(x.productImageOptional)}
        file={values.image}
        required={imageRequired}
        currentUrl={currentImageUrl}
        // A real shop's add (decision 0057): the product may go without a picture.
        help={!imageRequired && !currentImageUrl ? t(x.pictureOptionalHelp) : undefined}
        onChange={(file) => set('image', file)}
      />
      {children}
      <button type="submit" className="btn-primary self-start" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}

/** "0.250" and "0,25" as the form sends them: "0.25". */
const normalised = (text: string) => {
  const thousandths = parseKgToGrams(text.trim().replace(',', '.'));
  return thousandths === null ? text.trim() : String(thousandths / 1000);
};

const presetsOf = (unit: Unit) => UNIT_PRESETS[unit].map((thousandths) => String(thousandths / 1000));

/** The unit's usual quantities to tick, and any the product already offers beyond them. */
function choicesOf(unit: Unit, chosen: readonly string[]): string[] {
  const all = new Set([...UNIT_CHOICES[unit].map((thousandths) => String(thousandths / 1000)), ...chosen]);
  return [...all].sort((a, b) => Number(a) - Number(b));
}

/** Why the quantities cannot be sent (the kernel's rule, as the API checks it), or null. */
function optionsProblemText(unit: Unit, options: readonly string[], t: Translate): string | null {
  const thousandths = options.map((option) => parseKgToGrams(option.trim().replace(',', '.')));
  const unreadable = options.find((_, index) => thousandths[index] === null);
  const notOffered = isCountedUnit(unit) ? x.optionNotCounted : x.optionNotMeasured;
  if (unreadable !== undefined) return t(notOffered, { value: unreadable, unit: unitName(unit) });
  const check = checkQuantityOptions(
    unit,
    thousandths.map((value) => value ?? 0),
  );
  switch (check.problem) {
    case 'none':
      return null;
    case 'empty':
      return t(x.optionsEmpty);
    case 'tooMany':
      return t(x.optionsTooMany, { max: check.max });
    case 'repeated':
      return null;
    case 'notOffered':
      return t(notOffered, { value: String(check.thousandths / 1000), unit: unitName(unit) });
  }
}
