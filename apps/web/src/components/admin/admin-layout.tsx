/**
 * The admin frame (docs/product.md#admin-screens): a sidebar on wide screens, a row of scrollable tabs on phones,
 * around every /admin route.
 */
import { type ReactElement, Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { loadingTexts, type Text, useT } from '../../lib/i18n';
import {
  BillsIcon,
  ComplaintsIcon,
  CounterIcon,
  CouponsIcon,
  DashboardIcon,
  DeliveryIcon,
  KhataIcon,
  OrdersIcon,
  PickListIcon,
  ProductsIcon,
  PurchasesIcon,
  RatesIcon,
  ReportsIcon,
  ReviewsIcon,
  ShopIcon,
  StandingOrdersIcon,
  UsersIcon,
} from '../ui/icons/admin-icons';
import { LoaderOverlay } from '../ui/loader-overlay';
import { adminKitTexts as x } from './admin-kit.texts';

interface Section {
  to: string;
  label: Text;
  Icon: (props: { className?: string }) => ReactElement;
  /** Other admin paths that belong to this section (its add, edit and detail screens). */
  matches: RegExp;
}

const SECTIONS: Section[] = [
  { to: paths.admin.home(), label: x.dashboard, Icon: DashboardIcon, matches: /^\/admin\/home\/?$/ },
  { to: paths.admin.counter(), label: x.counter, Icon: CounterIcon, matches: /^\/admin\/counter(\/|$)/ },
  {
    to: paths.admin.productsMenu(),
    label: x.products,
    Icon: ProductsIcon,
    matches:
      /^\/admin\/(products|add\/products|view\/products|update\/products|add\/category|view\/category|update\/category)(\/|$)/,
  },
  {
    to: paths.admin.orders(),
    label: x.orders,
    Icon: OrdersIcon,
    matches: /^\/admin\/(view\/orders|update\/order|pack\/order)(\/|$)/,
  },
  { to: paths.admin.pickList(), label: x.pickList, Icon: PickListIcon, matches: /^\/admin\/picklist\/?$/ },
  {
    to: paths.admin.subscriptions(),
    label: x.standingOrders,
    Icon: StandingOrdersIcon,
    matches: /^\/admin\/subscriptions\/?$/,
  },
  { to: paths.admin.rates(), label: x.rates, Icon: RatesIcon, matches: /^\/admin\/rates\/?$/ },
  {
    to: paths.admin.users(),
    label: x.users,
    Icon: UsersIcon,
    matches: /^\/admin\/(view\/users|update\/(?!products|category|order)[^/]+)\/?$/,
  },
  { to: paths.admin.reviews(), label: x.reviews, Icon: ReviewsIcon, matches: /^\/admin\/view\/reviews\/?$/ },
  { to: paths.admin.delivery(), label: x.delivery, Icon: DeliveryIcon, matches: /^\/admin\/delivery(\/run)?\/?$/ },
  {
    to: paths.admin.purchases(),
    label: x.purchases,
    Icon: PurchasesIcon,
    matches: /^\/admin\/(purchases|suppliers|wastage)(\/|$)/,
  },
  { to: paths.admin.bills(), label: x.bills, Icon: BillsIcon, matches: /^\/admin\/bills\/?$/ },
  { to: paths.admin.khata(), label: x.khata, Icon: KhataIcon, matches: /^\/admin\/khata(\/[^/]+)?\/?$/ },
  { to: paths.admin.coupons(), label: x.coupons, Icon: CouponsIcon, matches: /^\/admin\/coupons\/?$/ },
  {
    to: paths.admin.reports(),
    label: x.reports,
    Icon: ReportsIcon,
    matches: /^\/admin\/(reports(\/margin)?|gst)\/?$/,
  },
  {
    to: paths.admin.complaints(),
    label: x.complaints,
    Icon: ComplaintsIcon,
    matches: /^\/admin\/complaints\/?$/,
  },
  { to: paths.admin.shop(), label: x.shop, Icon: ShopIcon, matches: /^\/admin\/shop\/?$/ },
];

export function AdminLayout() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-3 py-4 sm:px-6 md:flex-row md:gap-8 md:py-8">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label={t(x.admin)} className="card p-2 md:sticky md:top-24 md:p-3">
          <p className="hidden px-3 pt-1 pb-3 text-xs font-semibold tracking-wider text-stone-500 uppercase md:block">
            {t(x.admin)}
          </p>
          <ul className="grid grid-cols-4 gap-1 min-[480px]:grid-cols-6 md:flex md:flex-col">
            {SECTIONS.map((section) => {
              const isCurrent = section.matches.test(pathname);
              return (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    aria-current={isCurrent ? 'page' : undefined}
                    className={`flex flex-col items-center gap-1 rounded-xl px-1 py-2 text-xs font-semibold transition md:flex-row md:gap-2 md:px-3 md:text-base ${
                      isCurrent ? 'bg-green-700 text-white' : 'text-stone-700 hover:bg-green-50 hover:text-green-900'
                    }`}
                  >
                    <section.Icon className="h-5 w-5 shrink-0" />
                    {t(section.label)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        {/* The frame stays on screen while a screen's code loads. */}
        <Suspense fallback={<LoaderOverlay text={loadingTexts.loading} />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
