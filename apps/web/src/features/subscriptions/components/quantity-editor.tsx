/**
 * "Change quantity": the product's quantities (as the cart offers them, read from the product when
 * the form opens) in a list to choose from, and Save. A product no longer sold offers none.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatInUnit, useT } from '../../../lib/i18n';
import { weightOptionsOf } from '../../../lib/types';
import { productQuery } from '../../catalog';
import { subscriptionsTexts as x } from '../subscriptions.texts';

export function QuantityEditor({
  productId,
  name,
  unit,
  quantity,
  isBusy,
  onSave,
  onCancel,
}: {
  productId: string;
  name: string;
  unit: string;
  quantity: number;
  isBusy: boolean;
  onSave: (quantity: number) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const product = useQuery(productQuery(productId));
  const options = product.data ? weightOptionsOf(product.data) : [];
  const [chosen, setChosen] = useState(quantity);
  const select = useRef<HTMLSelectElement>(null);
  const hasOptions = options.length > 0;
  useEffect(() => {
    if (hasOptions) select.current?.focus();
  }, [hasOptions]);
  // The current quantity stays offered even when the shop no longer sells it in that size.
  const shown = options.includes(quantity) ? options : [quantity, ...options].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(chosen);
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3"
    >
      <h3 id={`${id}-heading`} className="font-bold text-stone-900">
        {t(x.quantityHeading, { name })}
      </h3>
      {product.isPending ? (
        <p className="text-sm text-stone-700">{t(x.loadingOptions)}</p>
      ) : !hasOptions ? (
        <p role="alert" className="error-text">
          {t(product.isError ? x.optionsFailed : x.productNotSold)}
        </p>
      ) : (
        <div>
          <label htmlFor={`${id}-quantity`} className="field-label">
            {t(x.quantityEachDelivery)}
          </label>
          <select
            ref={select}
            id={`${id}-quantity`}
            className="field-input sm:w-60"
            value={chosen}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {shown.map((option) => (
              <option key={option} value={option}>
                {formatInUnit(option, unit)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {hasOptions && (
          <button type="submit" className="btn-primary px-4 py-1.5 text-sm" disabled={isBusy || chosen === quantity}>
            {t(x.saveQuantity)}
          </button>
        )}
        <button type="button" className="btn-secondary px-4 py-1.5 text-sm" onClick={onCancel}>
          {t(x.cancel)}
        </button>
      </div>
    </form>
  );
}
