/** One product in the grid (docs/product.md#shopper-screens): rate per unit, cart badge, quantity select and Add To Cart, or OUT OF STOCK. */

import { unitOrDefault } from '@mandi/shared/kernel';
import { memo, useId, useState } from 'react';
import { Link } from 'react-router';
import { HindiName } from '../../../components/ui/hindi-name';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { formatInUnit, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import { type Product, weightOptionsOf } from '../../../lib/types';
import { cartStore } from '../../cart';
import { fetchSingleProduct } from '../api/get-products';
import { catalogTexts as x } from '../catalog.texts';
import { defaultQuantity } from '../products-filter';
import { ratePerUnit } from '../rate-per-kg';

/**
 * Adding always reads the product afresh so the cart holds the server's current rate and stock (the
 * card and the product page). Without a network, the product as shown (the service worker's kept
 * catalogue, decision 0041): the checkout reads it again and the server prices the order.
 */
export async function addToCart(productId: string, quantity: number, shown?: Product): Promise<void> {
  let product: Product;
  try {
    product = await fetchSingleProduct(productId);
  } catch (error) {
    if (!(shown && error instanceof TypeError)) throw error;
    product = shown;
  }
  cartStore.addItem({
    id: product._id,
    name: product.name,
    aliases: product.aliases,
    rate: product.rate,
    stocks: product.stocks,
    kilogramOption: weightOptionsOf(product),
    unit: product.unit ?? 'kg',
    image: product.url,
    quantity,
  });
}

/**
 * Memoised: the grid renders in slices (useSlicedList), and each slice would otherwise render every
 * card already on screen again, which made a 48-card page cost its last slices as much as the whole
 * grid. Its props are the product from the query (the same object until refetched) and two values.
 */
export const ProductCard = memo(function ProductCard({
  product,
  quantityInCart,
  isAboveFold,
}: {
  product: Product;
  quantityInCart?: number;
  isAboveFold: boolean;
}) {
  const options = weightOptionsOf(product);
  const t = useT();
  const [quantity, setQuantity] = useState(() => defaultQuantity(options));
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const headingId = useId();
  const isOutOfStock = product.stocks <= 0;

  async function handleAdd() {
    if (quantity === undefined) return;
    setIsAdding(true);
    setError(null);
    try {
      await addToCart(product._id, quantity, product);
    } catch (caught) {
      setError(errorMessages(caught).join(' '));
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      data-testid="product-card"
      className="card group relative flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="relative flex h-36 items-center justify-center bg-gradient-to-br from-green-50 via-lime-50 to-amber-50 p-4 sm:h-44 sm:p-6">
        <img
          {...sizedImage(product.url, '(min-width: 640px) 200px, 40vw')}
          alt={product.name}
          width={512}
          height={512}
          loading={isAboveFold ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain drop-shadow-sm transition duration-300 group-hover:scale-105"
        />
        {quantityInCart !== undefined && (
          <span className="absolute top-3 left-3 rounded-full bg-green-700 px-2.5 py-1 text-xs font-semibold text-white shadow">
            {unitOrDefault(product.unit) === 'kg'
              ? t(x.kgInCart, { quantity: quantityInCart })
              : t(x.unitInCart, { quantity: formatInUnit(quantityInCart, product.unit) })}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <div>
          <h2 id={headingId} className="font-semibold text-stone-900 sm:text-lg">
            {/* The whole card is the product page's link target (the picture too, through the stretched link). */}
            <Link
              to={paths.product(product._id)}
              className="after:absolute after:inset-x-0 after:top-0 after:h-36 hover:text-green-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 sm:after:h-44"
            >
              {product.name}
            </Link>
            <HindiName aliases={product.aliases} className="text-sm sm:text-base" />
          </h2>
          <p className="font-semibold text-green-800">{ratePerUnit(product.rate, product.unit)}</p>
        </div>
        {isOutOfStock && (
          <p className="mt-auto rounded-full bg-red-50 py-2.5 text-center text-sm font-bold tracking-wide text-red-700 ring-1 ring-red-200">
            {t(x.outOfStock)}
          </p>
        )}
        {!isOutOfStock && quantity !== undefined && (
          <div className="mt-auto flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <label htmlFor={selectId} className="sr-only text-sm font-medium text-stone-700 sm:not-sr-only">
                {t(x.quantity)}
              </label>
              <select
                id={selectId}
                value={quantity}
                onChange={(event) => setQuantity(Number(event.target.value))}
                className="field-input min-w-0 flex-1 px-2 py-1.5 sm:px-3"
              >
                {options.map((option) => (
                  <option key={option} value={option}>
                    {formatInUnit(option, product.unit)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="btn-primary w-full px-3 text-sm whitespace-nowrap sm:text-base"
              onClick={handleAdd}
              disabled={isAdding}
            >
              {isAdding ? t(x.adding) : t(x.addToCart)}
            </button>
            {error && (
              <p className="error-text" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
      </div>
    </article>
  );
});
