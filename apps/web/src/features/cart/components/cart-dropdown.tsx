/** The header's cart dropdown (docs/product.md#header): each item with its price and weight, a remove control, the total. */
import { linePrice } from '@mandi/shared';
import { Link } from 'react-router';
import { HindiName } from '../../../components/ui/hindi-name';
import { paths } from '../../../config/paths';
import { formatInUnit, formatRupees, specTexts, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import { cartTexts as x } from '../cart.texts';
import { useCart } from '../cart-store';
import { RemoveFromCartButton } from './remove-from-cart-button';

export function CartDropdown() {
  const { items, total } = useCart();
  const t = useT();

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <img src="/images/basket.svg" alt="" width={56} height={56} className="h-14 w-14" />
        <p className="font-semibold text-stone-800">{t(specTexts.cartEmpty)}</p>
        <Link to={paths.products()} className="btn-secondary">
          {t(x.shopNow)}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col">
      <ul className="max-h-[50vh] divide-y divide-stone-100 overflow-y-auto" aria-label={t(x.cartItems)}>
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-4 py-3">
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-green-50 to-amber-50 p-1.5">
              <img
                {...sizedImage(item.image, '48px')}
                alt=""
                width={48}
                height={48}
                className="h-full w-full object-contain"
              />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-stone-900">{item.name}</p>
              <HindiName aliases={item.aliases} className="truncate text-sm" />
              <p className="text-sm text-stone-600">
                <span className="font-semibold text-green-800">
                  {formatRupees(linePrice(item.rate, item.quantity))}
                </span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                {formatInUnit(item.quantity, item.unit)}
              </p>
            </div>
            <RemoveFromCartButton id={item.id} name={item.name} sizeClass="h-9 w-9" />
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t border-stone-200 bg-stone-50 px-4 py-4">
        <p className="flex items-center justify-between text-base">
          <span className="font-medium text-stone-700">{t(x.total)}</span>
          <span className="text-lg font-bold text-stone-900" data-testid="cart-total">
            {formatRupees(total)}
          </span>
        </p>
        <Link to={paths.checkout()} className="btn-primary w-full">
          {t(x.goToCart)}
        </Link>
      </div>
    </div>
  );
}
