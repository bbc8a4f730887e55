import { type AnalyticsQuery, TimingReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/timing (SPEC.md §7): peak hour, day and part of day.

const getTiming = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics/timing', { schema: TimingReplySchema, token: null, query, signal });

const timingQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'timing', query.timeframe, query.category],
    queryFn: ({ signal }) => getTiming(query, signal),
    staleTime: 30_000,
  });

export const useTiming = (query: AnalyticsQuery) => useQuery(timingQueryOptions(query));
