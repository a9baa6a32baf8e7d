/** The cart button's face: the cart icon with the item count badge once something is in the cart. */
import { CartIcon } from '../../components/ui/icons/shop-icons';
import type { Translate } from '../../lib/i18n';
import { shellTexts } from '../shell.texts';

export function cartButtonLabel(t: Translate, count: number) {
  return t(count === 1 ? shellTexts.cartCountOne : shellTexts.cartCountMany, { count });
}

export function CartButtonContent({ count }: { count: number }) {
  return (
    <>
      <CartIcon />
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1 text-xs font-bold text-stone-900 ring-2 ring-white"
        >
          {count}
        </span>
      )}
    </>
  );
}
