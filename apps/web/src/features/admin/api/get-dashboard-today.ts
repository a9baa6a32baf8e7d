/** Today's figures for the dashboard (GET /api/admin/dashboard/today, decision 0026), computed by the server. */
import type { DashboardTodayAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The complaint counts are null when the server does not send them (an older server): not shown. */
export type DashboardToday = Omit<
  DashboardTodayAnswer,
  'success' | 'overdueComplaints' | 'openComplaints' | 'setupWarnings'
> & {
  overdueComplaints: number | null;
  openComplaints: number | null;
  /** What a live shop still lacks (issue 42); empty from an older server. */
  setupWarnings: NonNullable<DashboardTodayAnswer['setupWarnings']>;
};

const countOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Under `orders`, so every order change made from the admin screens refreshes it. An answer without
 * the slots (an older server) gives null: the panel then stays away.
 */
export const dashboardTodayQuery = queryOptions({
  queryKey: ['orders', 'dashboard-today'],
  queryFn: async (): Promise<DashboardToday | null> => {
    const data = await api.get<Partial<DashboardToday>>('/api/admin/dashboard/today');
    if (!Array.isArray(data.slots) || !data.unslotted || !data.totals || !data.unpaidBills || !data.date) return null;
    return {
      date: data.date,
      slots: data.slots,
      unslotted: data.unslotted,
      totals: data.totals,
      unpaidBills: data.unpaidBills,
      overdueComplaints: countOrNull(data.overdueComplaints),
      openComplaints: countOrNull(data.openComplaints),
      setupWarnings: Array.isArray(data.setupWarnings) ? data.setupWarnings : [],
    };
  },
  staleTime: 0,
});

export function useDashboardToday() {
  return useQuery(dashboardTodayQuery);
}
