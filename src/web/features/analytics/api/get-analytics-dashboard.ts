import { type AnalyticsQuery, AnalyticsDashboardReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics-dashboard (SPEC.md §7): totals, distributions, weekly pattern, daily timeline.

const getAnalyticsDashboard = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics-dashboard', { schema: AnalyticsDashboardReplySchema, token: null, query, signal });

const dashboardQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'dashboard', query.timeframe, query.category],
    queryFn: ({ signal }) => getAnalyticsDashboard(query, signal),
    staleTime: 30_000,
  });

export const useAnalyticsDashboard = (query: AnalyticsQuery) => useQuery(dashboardQueryOptions(query));
