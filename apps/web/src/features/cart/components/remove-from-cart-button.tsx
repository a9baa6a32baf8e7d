/** The round bin button that takes one product out of the cart (header dropdown and checkout lines). */

import { BinIcon } from '../../../components/ui/icons/shop-icons';
import { useT } from '../../../lib/i18n';
import { cartTexts } from '../cart.texts';
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
  const t = useT();
  return (
    <button
      type="button"
      onClick={() => cartStore.removeItem(id)}
      aria-label={t(cartTexts.remove, { name })}
      className={`flex ${sizeClass} shrink-0 items-center justify-center rounded-full text-stone-500 transition hover:bg-red-50 hover:text-red-700`}
    >
      <BinIcon />
    </button>
  );
}
