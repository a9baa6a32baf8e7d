/**
 * The Add Product and Update Product form (docs/product.md#admin-screens): name, other names, rate, stocks, weights,
 * category, the tax fields (HSN code, GST rate) and the image.
 */
import { WEIGHT_OPTIONS_KG } from '@mandi/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { Category } from '../../../lib/types';
import { TaxFields } from '../../billing';
import { adminTexts as x } from '../admin.texts';
import type { ProductFormValues } from '../api/products';
import { ImagePicker } from './image-picker';

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  aliases: '',
  rate: '',
  stocks: '',
  category: '',
  kilogramOption: ['0.5'],
  hsnCode: '',
  gstRate: '',
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
    rate: useId(),
    stocks: useId(),
    category: useId(),
  };
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const toggleWeight = (weight: string, isChecked: boolean) =>
    setValues((current) => ({
      ...current,
      kilogramOption: isChecked
        ? [...new Set([...current.kilogramOption, weight])].sort((a, b) => Number(a) - Number(b))
        : current.kilogramOption.filter((option) => option !== weight),
    }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.rate} className="field-label">
            {t(x.ratePerKg2)}
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
            placeholder={t(x.ratePerKg)}
            onChange={(event) => set('rate', event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.stocks} className="field-label">
            {t(x.stocksKg)}
          </label>
          <input
            id={ids.stocks}
            className="field-input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.001}
            required
            value={values.stocks}
            placeholder={t(x.stockInKg)}
            onChange={(event) => set('stocks', event.target.value)}
          />
        </div>
      </div>
      <fieldset>
        <legend className="field-label">{t(x.weightOptions)}</legend>
        <div className="flex flex-wrap gap-2">
          {WEIGHT_OPTIONS_KG.map((weight) => {
            const value = String(weight);
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
                {t(x.valueKgUpper, { value })}
              </label>
            );
          })}
        </div>
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
      <TaxFields
        values={{ hsnCode: values.hsnCode, gstRate: values.gstRate }}
        onChange={(tax) => setValues((current) => ({ ...current, ...tax }))}
      />
      <ImagePicker
        label={imageRequired ? t(x.productImage) : t(x.productImageOptional)}
        file={values.image}
        required={imageRequired}
        currentUrl={currentImageUrl}
        onChange={(file) => set('image', file)}
      />
      {children}
      <button type="submit" className="btn-primary self-start" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
