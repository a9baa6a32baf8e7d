/** The round bin button that takes one product out of the cart (header dropdown and checkout lines). */

import { BinIcon } from '../../../components/ui/icons/shop-icons';
import { cartStore } from '../cart-store';

export function RemoveFromCartButton({
  id,
  name,
  sizeClass,
}: {
  id: string;
  /** The product's name, for the button's accessible name "Remove <name>". */
  name: string;
  /** Width and height, e.g. 'h-9 w-9'. */
  sizeClass: string;
}) {
  return (
    <button
      type="button"
      onClick={() => cartStore.removeItem(id)}
      aria-label={`Remove ${name}`}
      className={`flex ${sizeClass} shrink-0 items-center justify-center rounded-full text-stone-500 transition hover:bg-red-50 hover:text-red-700`}
    >
      <BinIcon />
    </button>
  );
}
