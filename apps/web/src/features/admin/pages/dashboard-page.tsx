/**
 * Admin Dashboard (docs/product.md#admin-screens): loading until the figures are in, then the Products and Users
 * counts (links to their lists), the delivered Total Amount, and the two charts. Above them the
 * "Today" panel (decision 0026), asked for at the same time from its own route.
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
import { adminTexts as x } from '../admin.texts';
import { useAdminStats } from '../api/get-admin-stats';
import { useDashboardToday } from '../api/get-dashboard-today';
import { AmountGrowthChart, ProductsStockChart } from '../components/dashboard-charts';
import { MorningFigures } from '../components/morning-figures';
import { TodayPanel } from '../components/today-panel';

function CountBox({ to, label, value, icon }: { to?: string; label: string; value: ReactNode; icon: ReactNode }) {
  const content = (
    <>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-800">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-stone-600">{label}</span>
        <span className="block text-3xl font-bold text-stone-900">{value}</span>
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
          icon={<ProductsIcon className="h-6 w-6" />}
        />
        <CountBox
          to={paths.admin.users()}
          label={t(x.users)}
          value={usersCount}
          icon={<UsersIcon className="h-6 w-6" />}
        />
        <CountBox
          label={t(x.totalAmount)}
          value={formatRupees(deliveredAmount)}
          icon={<RupeeIcon className="h-6 w-6" />}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="card h-80 p-4">
          <AmountGrowthChart amountEarned={deliveredAmount} />
        </div>
        <div className="card h-80 p-4">
          <ProductsStockChart outOfStock={outOfStockCount} inStock={inStockCount} />
        </div>
      </div>
      <MorningFigures stats={stats.data} />
    </section>
  );
}
