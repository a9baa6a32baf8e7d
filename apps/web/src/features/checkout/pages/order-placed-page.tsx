/** Order placed (docs/product.md#shopper-screens): thanks by first name, the success text, the delivery slot and a way home. */
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { specTexts, titleTexts, useT } from '../../../lib/i18n';
import type { OrderDeliverySlot } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { DeliverySlotLine } from '../../delivery';
import { checkoutTexts as x } from '../checkout.texts';

export default function OrderPlacedPage() {
  usePageTitle(titleTexts.orderPlaced);
  const { user } = useSession();
  const t = useT();
  const state = useLocation().state as { firstName?: unknown; deliverySlot?: OrderDeliverySlot | null } | null;
  const firstName = typeof state?.firstName === 'string' ? state.firstName : (user?.firstName ?? '');
  const deliverySlot = typeof state?.deliverySlot?.date === 'string' ? state.deliverySlot : null;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <span
        className="flex h-20 w-20 items-center justify-center rounded-full bg-green-100 text-4xl text-green-800"
        aria-hidden="true"
      >
        ✓
      </span>
      <h1 className="page-heading">{firstName ? t(x.thankYouName, { name: firstName }) : t(x.thankYou)}</h1>
      <p className="text-xl font-semibold text-green-800">{t(specTexts.orderPlaced)}</p>
      <DeliverySlotLine slot={deliverySlot} className="text-lg font-semibold text-stone-900" />
      <p className="text-stone-600">{t(x.payCash)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className="btn-primary">
          {t(x.home)}
        </Link>
        <Link to={paths.myOrders()} className="btn-secondary">
          {t(x.myOrders)}
        </Link>
      </div>
    </section>
  );
}
