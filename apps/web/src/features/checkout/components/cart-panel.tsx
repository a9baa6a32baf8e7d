/** The checkout's cart: a folding list of the lines with their problems, and a note while today's prices load. */
import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons/shop-icons';
import { useT } from '../../../lib/i18n';
import type { CartItem } from '../../cart';
import { checkoutTexts as x } from '../checkout.texts';
import { CartLine, type LineProblem } from './cart-line';

export function CartPanel({
  items,
  count,
  problems,
  isChecking,
  footer,
}: {
  items: CartItem[];
  count: number;
  problems: Map<string, LineProblem>;
  isChecking: boolean;
  /** Below the lines: what the shopper can do with the whole cart ("Save cart as list"). */
  footer?: ReactNode;
}) {
  const [isCartOpen, setIsCartOpen] = useState(true);
  const cartListId = useId();
  const t = useT();
  return (
    <section className="card self-start overflow-hidden" aria-label={t(x.yourCart)}>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 px-4 py-4 text-left hover:bg-stone-50"
        aria-expanded={isCartOpen}
        aria-controls={cartListId}
        onClick={() => setIsCartOpen((open) => !open)}
      >
        <span className="flex items-center gap-3 text-lg font-bold text-stone-900">
          {t(x.cart)}
          <span className="rounded-full bg-green-700 px-2.5 py-0.5 text-sm font-semibold text-white">
            {t(count === 1 ? x.itemCountOne : x.itemCountMany, { count })}
          </span>
        </span>
        <ChevronDownIcon className={`h-5 w-5 text-stone-600 transition ${isCartOpen ? 'rotate-180' : ''}`} />
      </button>
      <ul id={cartListId} hidden={!isCartOpen} className="divide-y divide-stone-100 border-t border-stone-100">
        {items.map((item) => (
          <CartLine key={item.id} item={item} problem={problems.get(item.id) ?? null} />
        ))}
      </ul>
      {isChecking && (
        <p className="border-t border-stone-100 px-4 py-2 text-sm text-stone-600" role="status">
          {t(x.checkingPrices)}
        </p>
      )}
      {footer && <div className="border-t border-stone-100 px-4 py-3">{footer}</div>}
    </section>
  );
}
