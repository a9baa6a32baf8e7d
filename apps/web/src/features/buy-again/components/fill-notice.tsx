/** What a fill of the cart did: the products added, those left out (named), and a way to the cart. */
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { buyAgainTexts as x } from '../buy-again.texts';
import type { FillResult } from '../fill-cart';

export interface FillNoticeState extends FillResult {
  /** Lines of an old order whose product is no longer sold. */
  missing?: string[];
}

export function FillNotice({ result }: { result: FillNoticeState | null }) {
  const t = useT();
  // Only once filled: a page of orders would otherwise hold one empty status line per order.
  if (!result) return null;
  return (
    <div role="status" className="flex flex-col gap-1 rounded-xl bg-green-50 px-4 py-3 text-sm">
      <p className="font-semibold text-green-900">
        {result.added.length ? t(x.addedToCart, { names: result.added.join(', ') }) : t(x.addedNothing)}
      </p>
      {result.skipped.length > 0 && (
        <p className="font-medium text-amber-900">{t(x.skipped, { names: result.skipped.join(', ') })}</p>
      )}
      {result.missing && result.missing.length > 0 && (
        <p className="font-medium text-amber-900">{t(x.noLongerSold, { names: result.missing.join(', ') })}</p>
      )}
      {result.added.length > 0 && (
        <p>
          <Link to={paths.checkout()} className="font-semibold text-green-800 underline">
            {t(x.goToCart)}
          </Link>
        </p>
      )}
    </div>
  );
}
