/** One line of the checkout cart: picture, name, quantity select in the product's unit, rate per unit, line total, remove. */
import { linePrice } from '@mandi/shared';
import { useId } from 'react';
import { HindiName } from '../../../components/ui/hindi-name';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { formatInUnit, formatRupees, translate, unitName, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import { type CartItem, cartStore, RemoveFromCartButton } from '../../cart';
import { checkoutTexts as x } from '../checkout.texts';
import { SubstitutionSelect } from './substitution-select';

export type LineProblem = 'missing' | 'outOfStock' | 'short';

export function lineProblemText(problem: LineProblem, item: CartItem): string {
  if (problem === 'missing') return translate(x.lineMissing);
  if (problem === 'outOfStock') return translate(x.lineOutOfStock);
  return translate(x.lineShort, { quantity: formatInUnit(item.stocks, item.unit) });
}

export function CartLine({ item, problem }: { item: CartItem; problem: LineProblem | null }) {
  const selectId = useId();
  const t = useT();
  const problemId = useId();
  const options = item.kilogramOption.length ? item.kilogramOption : [item.quantity];
  const canChangeWeight = problem !== 'missing' && problem !== 'outOfStock';
  return (
    <li
      className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center ${problem ? 'bg-red-50/60' : ''}`}
      data-testid="checkout-line"
      aria-describedby={problem ? problemId : undefined}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-green-50 to-amber-50 p-1.5">
          {item.image ? (
            <img
              {...sizedImage(item.image, '56px')}
              alt=""
              width={56}
              height={56}
              className="h-full w-full object-contain"
            />
          ) : (
            <ImagePlaceholder />
          )}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{item.name}</p>
          <HindiName aliases={item.aliases} className="truncate text-sm" />
          <p className="text-sm text-stone-600">
            {t(x.perUnit, { rate: formatRupees(item.rate), unit: unitName(item.unit) })}
          </p>
          {problem && (
            <p id={problemId} className="error-text mt-1" role="status">
              <span className="mr-1 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white uppercase">
                {t(x.unavailable)}
              </span>
              {lineProblemText(problem, item)}
            </p>
          )}
          <div className="mt-2">
            <SubstitutionSelect item={item} />
          </div>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-stone-700">
            {t(x.quantity)}
          </label>
          <select
            id={selectId}
            value={item.quantity}
            disabled={!canChangeWeight}
            onChange={(event) => cartStore.setQuantity(item.id, Number(event.target.value))}
            className="field-input w-28 py-1.5"
            aria-label={t(x.quantityOf, { name: item.name })}
          >
            {options.map((option) => (
              <option key={option} value={option} disabled={item.stocks > 0 && option > item.stocks}>
                {formatInUnit(option, item.unit)}
              </option>
            ))}
          </select>
        </div>
        <p className="w-24 text-right font-semibold text-green-800">
          <span className="sr-only">{t(x.lineTotal)}</span>
          {formatRupees(linePrice(item.rate, item.quantity))}
        </p>
        <RemoveFromCartButton id={item.id} name={item.name} sizeClass="h-10 w-10" />
      </div>
    </li>
  );
}
