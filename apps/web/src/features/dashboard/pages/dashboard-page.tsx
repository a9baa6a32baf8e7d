/**
 * Admin Dashboard (docs/product.md#admin-screens): loading until the figures are in, then the Products and Users
 * counts (links to their lists), the delivered Total Amount, and the two charts, each saying what
 * it counts and over which time. Above them the "Today" panel (decision 0026), and below them the
 * morning figures, with the top products and the low stock in each product's own unit: all asked
 * for at the same time, each from its own route.
 */
import { formatRupees } from '@mandi/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { ProductsIcon, RupeeIcon, UsersIcon } from '../../../components/ui/icons/admin-icons';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminStats } from '../api/get-admin-stats';
import { useDashboardToday } from '../api/get-dashboard-today';
import { useDashboardTopProducts } from '../api/get-dashboard-top-products';
import { AmountGrowthChart, ProductsStockChart } from '../components/dashboard-charts';
import { MorningFigures } from '../components/morning-figures';
import { TodayPanel } from '../components/today-panel';
import { dashboardTexts as x } from '../dashboard.texts';

function CountBox({
  to,
  label,
  value,
  hint,
  icon,
}: {
  to?: string;
  label: string;
  value: ReactNode;
  /** What the figure counts and over which time. */
  hint: string;
  icon: ReactNode;
}) {
  const content = (
    <>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-800">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-stone-600">{label}</span>
        <span className="block text-3xl font-bold text-stone-900">{value}</span>
        <span className="block text-xs text-stone-600">{hint}</span>
      </span>
    </>
  );
  const className = 'card flex items-center gap-4 p-5';
  return to ? (
    <Link to={to} className={`${className} transition hover:-translate-y-0.5 hover:shadow-md hover:ring-green-300`}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}

export default function DashboardPage() {
  const t = useT();
  usePageTitle(titleTexts.adminDashboard);
  const stats = useAdminStats();
  const today = useDashboardToday();
  const topProducts = useDashboardTopProducts();

  if (stats.isPending) return <LoaderOverlay text={loadingTexts.loading} />;
  if (stats.isError) {
    return (
      <section>
        <AdminPageHeader title={t(x.adminDashboard)} />
        <ErrorBlock messages={errorMessages(stats.error)} />
      </section>
    );
  }

  const { productsCount, usersCount, deliveredAmount, outOfStockCount, inStockCount } = stats.data;
  return (
    <section>
      <AdminPageHeader title={t(x.adminDashboard)} />
      <TodayPanel today={today.data} failed={today.isError} />
      <div className="grid gap-4 sm:grid-cols-3">
        <CountBox
          to={paths.admin.products()}
          label={t(x.products)}
          value={productsCount}
          hint={t(x.productsCountHint)}
          icon={<ProductsIcon className="h-6 w-6" />}
        />
        <CountBox
          to={paths.admin.users()}
          label={t(x.users)}
          value={usersCount}
          hint={t(x.usersCountHint)}
          icon={<UsersIcon className="h-6 w-6" />}
        />
        <CountBox
          label={t(x.totalAmount)}
          value={formatRupees(deliveredAmount)}
          hint={t(x.totalAmountHint)}
          icon={<RupeeIcon className="h-6 w-6" />}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <figure className="card flex h-80 flex-col gap-2 p-4">
          {/* Chart.js sizes the canvas to this box: it takes what the caption leaves. */}
          <div className="relative min-h-0 flex-1">
            <AmountGrowthChart amountEarned={deliveredAmount} />
          </div>
          <figcaption className="text-xs text-stone-600">{t(x.amountGrowthHint)}</figcaption>
        </figure>
        <figure className="card flex h-80 flex-col gap-2 p-4">
          <div className="relative min-h-0 flex-1">
            <ProductsStockChart outOfStock={outOfStockCount} inStock={inStockCount} />
          </div>
          <figcaption className="text-xs text-stone-600">{t(x.productsStockHint)}</figcaption>
        </figure>
      </div>
      <MorningFigures stats={stats.data} topProducts={topProducts.data} lowStock={today.data?.lowStock} />
    </section>
  );
}
