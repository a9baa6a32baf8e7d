/** Today's figures for the dashboard (GET /api/admin/dashboard/today, decision 0026), computed by the server. */
import type { DashboardTodayAnswer, LowStock, TodayFigures } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The complaint counts are null when the server does not send them (an older server): not shown. */
export type DashboardToday = Omit<
  DashboardTodayAnswer,
  'success' | 'overdueComplaints' | 'openComplaints' | 'setupWarnings' | 'lowStock' | 'takings'
> & {
  /** Today's money, online and at the counter; null from an older server (not shown). */
  takings: DashboardTodayAnswer['takings'] | null;
  overdueComplaints: number | null;
  openComplaints: number | null;
  /** What a live shop still lacks (issue 42); empty from an older server. */
  setupWarnings: NonNullable<DashboardTodayAnswer['setupWarnings']>;
  /** The products low on stock in their own units; null from an older server (not shown). */
  lowStock: LowStock | null;
};

const countOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** An older server sends the kg to pack alone: shown as that, in kg. */
const withUnits = <F extends Omit<TodayFigures, 'toPackByUnit'> & Partial<Pick<TodayFigures, 'toPackByUnit'>>>(
  figures: F,
): F & TodayFigures => ({
  ...figures,
  toPackByUnit: Array.isArray(figures.toPackByUnit)
    ? figures.toPackByUnit
    : figures.kgToPack > 0
      ? [{ unit: 'kg', quantity: figures.kgToPack }]
      : [],
});

const lowStockOrNull = (value: Partial<LowStock> | undefined): LowStock | null =>
  value && Array.isArray(value.below) && Array.isArray(value.products)
    ? { below: value.below, products: value.products }
    : null;

/**
 * Under `orders`, so every order change made from the admin screens refreshes it. An answer without
 * the slots (an older server) gives null: the panel then stays away.
 */
export const dashboardTodayQuery = queryOptions({
  queryKey: ['orders', 'dashboard-today'],
  queryFn: async (): Promise<DashboardToday | null> => {
    const data =
      await api.get<Partial<Omit<DashboardToday, 'lowStock'> & { lowStock: Partial<LowStock> }>>(
        '/api/admin/dashboard/today',
      );
    if (!Array.isArray(data.slots) || !data.unslotted || !data.totals || !data.unpaidBills || !data.date) return null;
    return {
      date: data.date,
      slots: data.slots.map(withUnits),
      unslotted: withUnits(data.unslotted),
      totals: withUnits(data.totals),
      unpaidBills: data.unpaidBills,
      overdueComplaints: countOrNull(data.overdueComplaints),
      openComplaints: countOrNull(data.openComplaints),
      setupWarnings: Array.isArray(data.setupWarnings) ? data.setupWarnings : [],
      lowStock: lowStockOrNull(data.lowStock),
      takings: data.takings?.online && data.takings.counter ? data.takings : null,
    };
  },
  staleTime: 0,
});

export function useDashboardToday() {
  return useQuery(dashboardTodayQuery);
}
