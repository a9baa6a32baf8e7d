/**
 * Products to buy again at today's rate (the usual, a list): each with its quantity, "Add to cart"
 * or "Not available today", and "Add all to cart" above them. Used by the home strip, the account
 * and each list; the usual also offers "Every day" (a standing order of the item at its quantity).
 */
import type { BuyAgainItem } from '@mandi/shared/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { ImagePlaceholder } from '../../../components/ui/image-placeholder';
import { paths } from '../../../config/paths';
import { formatInUnit, formatRupees, unitName, useT } from '../../../lib/i18n';
import { sizedImage } from '../../../lib/sized-image';
import { useCart } from '../../cart';
import { buyAgainTexts as x } from '../buy-again.texts';
import { fillCart } from '../fill-cart';
import { FillNotice, type FillNoticeState } from './fill-notice';

export function BuyAgainItems({
  items,
  label,
  offerStanding = false,
}: {
  items: readonly BuyAgainItem[];
  label: string;
  /** "Every day" beside "Add to cart": start a standing order of the item. */
  offerStanding?: boolean;
}) {
  const t = useT();
  const cart = useCart();
  const [result, setResult] = useState<FillNoticeState | null>(null);
  const inCart = new Set(cart.items.map((item) => item.id));
  const canAddAll = items.some((item) => item.available);

  return (
    <div className="flex flex-col gap-3">
      {canAddAll && (
        <p>
          <button type="button" className="btn-primary" onClick={() => setResult(fillCart(items))}>
            {t(x.addAllToCart)}
          </button>
        </p>
      )}
      <FillNotice result={result} />
      <ul className="card divide-y divide-stone-100" aria-label={label}>
        {items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 p-3">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-green-50 to-amber-50 p-1">
              {item.image ? (
                <img
                  {...sizedImage(item.image, '44px')}
                  alt=""
                  width={44}
                  height={44}
                  loading="lazy"
                  className="h-full w-full object-contain"
                />
              ) : (
                <ImagePlaceholder />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{item.name}</p>
              <p className="text-sm text-stone-700">
                {t(x.quantityAtRate, {
                  quantity: formatInUnit(item.quantity, item.unit),
                  rate: formatRupees(item.rate),
                  unit: unitName(item.unit),
                })}
              </p>
            </div>
            {item.available ? (
              <div className="flex shrink-0 flex-col items-stretch gap-1.5 min-[480px]:flex-row min-[480px]:items-center">
                {inCart.has(item.productId) ? (
                  <span className="text-center text-sm font-semibold text-green-800">{t(x.inCart)}</span>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary shrink-0 px-3 py-1.5 text-sm"
                    aria-label={t(x.addNamedToCart, { name: item.name })}
                    onClick={() => setResult(fillCart([item]))}
                  >
                    {t(x.addToCart)}
                  </button>
                )}
                {offerStanding && (
                  <Link
                    to={paths.newSubscription(item.productId, item.quantity)}
                    className="btn-secondary shrink-0 px-3 py-1.5 text-sm"
                    aria-label={t(x.everyDayOf, { name: item.name })}
                  >
                    {t(x.everyDay)}
                  </Link>
                )}
              </div>
            ) : (
              <span className="shrink-0 rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-700">
                {t(x.notAvailableToday)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
