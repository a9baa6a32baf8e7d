/**
 * Labels for bags packed ahead (contract "The scale and barcodes",
 * `GET /api/admin/products/{id}/labels?quantity=&copies=`): a kg or litre product with a PLU gets
 * copies of one weight's label, its barcode carrying the product and the weight, so each bag sells
 * at the counter with one scan. The PDF opens beside the page, to print on the label printer.
 */
import { parseKgToGrams } from '@mandi/shared/kernel';
import { type FormEvent, useId, useState } from 'react';
import { unitName, useT } from '../../../lib/i18n';
import { catalogAdminTexts as x } from '../catalog-admin.texts';

export function ProductLabels({ productId, unit, plu }: { productId: string; unit: string; plu: number | null }) {
  const t = useT();
  const ids = { heading: useId(), quantity: useId(), copies: useId(), problem: useId() };
  const [quantity, setQuantity] = useState('0.5');
  const [copies, setCopies] = useState('10');
  const [problem, setProblem] = useState<string | null>(null);
  if (unit !== 'kg' && unit !== 'litre') return null;
  const action = `/api/admin/products/${encodeURIComponent(productId)}/labels`;

  function check(event: FormEvent) {
    const grams = parseKgToGrams(quantity.trim());
    const count = Number(copies);
    if (grams === null || grams < 1 || grams > 99_999) {
      event.preventDefault();
      setProblem(t(x.labelsQuantityProblem));
      return;
    }
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      event.preventDefault();
      setProblem(t(x.labelsCopiesProblem));
      return;
    }
    setProblem(null);
  }

  return (
    <section aria-labelledby={ids.heading} className="card mt-6 flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={ids.heading} className="text-lg font-bold text-stone-900">
        {t(x.labelsAhead)}
      </h2>
      {plu === null ? (
        <p className="text-stone-700">{t(x.labelsNeedPlu)}</p>
      ) : (
        <form
          action={action}
          method="get"
          target="_blank"
          onSubmit={check}
          noValidate
          className="flex flex-col gap-3"
          rel="noopener"
        >
          <p className="text-stone-700">{t(x.labelsAheadIntro, { plu })}</p>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={ids.quantity} className="field-label">
                {t(x.labelsQuantity, { unit: unitName(unit) })}
              </label>
              <input
                id={ids.quantity}
                name="quantity"
                className="field-input min-h-12 w-36"
                inputMode="decimal"
                autoComplete="off"
                value={quantity}
                aria-invalid={problem !== null}
                aria-describedby={problem ? ids.problem : undefined}
                onChange={(event) => setQuantity(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor={ids.copies} className="field-label">
                {t(x.labelsCopies)}
              </label>
              <input
                id={ids.copies}
                name="copies"
                className="field-input min-h-12 w-24"
                inputMode="numeric"
                autoComplete="off"
                value={copies}
                onChange={(event) => setCopies(event.target.value)}
              />
            </div>
            <button type="submit" className="btn-primary min-h-12">
              {t(x.labelsPrint)}
            </button>
          </div>
          {problem && (
            <p id={ids.problem} role="alert" className="error-text">
              {problem}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
