/**
 * A cart line's choice for when its product is short at packing (decision 0043): skip it (the
 * default), send a similar item (same unit, no higher rate), or call me first. A plain labelled
 * select, so it costs the checkout a few hundred bytes and works with a keyboard and a screen reader.
 * It lives with the checkout, not the cart: the cart's entry is on every first page, the checkout
 * is loaded when opened; the cart store keeps the choice.
 */
import { SUBSTITUTION_CHOICES, type SubstitutionChoice } from '@mandi/shared';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { type CartItem, cartStore } from '../../cart';
import { substitutionTexts as x } from '../substitution.texts';

const ORDER: readonly SubstitutionChoice[] = ['skip', 'similar', 'call'];

export function SubstitutionSelect({ item }: { item: Pick<CartItem, 'id' | 'name' | 'substitution'> }) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {t(x.label)}
      </label>
      <select
        id={id}
        value={item.substitution ?? 'skip'}
        onChange={(event) => {
          const value = event.target.value as SubstitutionChoice;
          if (SUBSTITUTION_CHOICES.includes(value)) cartStore.setSubstitution(item.id, value);
        }}
        className="field-input w-auto py-1.5"
        aria-label={t(x.labelOf, { name: item.name })}
        title={t(x.hint)}
        data-testid="substitution-select"
      >
        {ORDER.map((choice) => (
          <option key={choice} value={choice}>
            {t(x[choice])}
          </option>
        ))}
      </select>
    </div>
  );
}
