import { type AnalyticsQuery, MomentumReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/momentum (SPEC.md §7): the window against the one before.

const getMomentum = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics/momentum', { schema: MomentumReplySchema, token: null, query, signal });

const momentumQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'momentum', query.timeframe, query.category],
    queryFn: ({ signal }) => getMomentum(query, signal),
    staleTime: 30_000,
  });

export const useMomentum = (query: AnalyticsQuery) => useQuery(momentumQueryOptions(query));
