/** The round bin button that takes one product out of the cart (header dropdown and checkout lines). */
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
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path
          d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
