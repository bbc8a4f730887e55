import { type AnalyticsQuery, CategoryActivityReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/category-activity (SPEC.md §7): the category's share of activity.

const getCategoryActivity = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics/category-activity', {
    schema: CategoryActivityReplySchema,
    token: null,
    query,
    signal,
  });

const categoryActivityQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'categoryActivity', query.timeframe, query.category],
    queryFn: ({ signal }) => getCategoryActivity(query, signal),
    staleTime: 30_000,
  });

export const useCategoryActivity = (query: AnalyticsQuery) => useQuery(categoryActivityQueryOptions(query));
