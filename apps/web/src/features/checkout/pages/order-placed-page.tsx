/**
 * Order placed (docs/product.md#shopper-screens): thanks by first name, the success text, the order's number to read out
 * on the phone (decision 0023), the delivery slot and a way home.
 */
import { orderNumberLabel } from '@mandi/shared/kernel';
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
  const state = useLocation().state as {
    firstName?: unknown;
    orderNumber?: unknown;
    deliverySlot?: OrderDeliverySlot | null;
    paymentTerms?: unknown;
  } | null;
  const firstName = typeof state?.firstName === 'string' ? state.firstName : (user?.firstName ?? '');
  const deliverySlot = typeof state?.deliverySlot?.date === 'string' ? state.deliverySlot : null;
  const orderNumber = typeof state?.orderNumber === 'number' ? state.orderNumber : null;

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
      {orderNumber !== null && (
        <div className="rounded-xl border border-green-200 bg-green-50 px-5 py-3">
          <p className="text-2xl font-bold text-stone-900" data-testid="order-number">
            {t(x.yourOrderNumber, { number: orderNumberLabel(orderNumber) })}
          </p>
          <p className="mt-1 text-sm text-stone-700">{t(x.sayOrderNumber)}</p>
        </div>
      )}
      <DeliverySlotLine slot={deliverySlot} className="text-lg font-semibold text-stone-900" />
      <p className="text-stone-600">{t(state?.paymentTerms === 'Khata' ? x.onYourKhata : x.payCash)}</p>
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
