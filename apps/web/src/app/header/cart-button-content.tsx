/** The cart button's face: the cart icon with the item count badge once something is in the cart. */
import { CartIcon } from '../../components/ui/icons/shop-icons';

export function cartButtonLabel(count: number) {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
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
