import { type AnalyticsQuery, CommunityHealthReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/community-quality-health (SPEC.md §7): quality tiers and health score.

const getCommunityHealth = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics/community-quality-health', {
    schema: CommunityHealthReplySchema,
    token: null,
    // SPEC.md §7: the category is omitted when it is all.
    query: { timeframe: query.timeframe, category: query.category === 'all' ? undefined : query.category },
    signal,
  });

const communityHealthQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'communityHealth', query.timeframe, query.category],
    queryFn: ({ signal }) => getCommunityHealth(query, signal),
    staleTime: 30_000,
  });

export const useCommunityHealth = (query: AnalyticsQuery) => useQuery(communityHealthQueryOptions(query));
