import { type AnalyticsQuery, QualityVsLengthReplySchema } from '#shared/schemas/analytics.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/quality-vs-length (SPEC.md §7): sampled (length, score) points and Pearson r.

const getQualityVsLength = (query: AnalyticsQuery, signal?: AbortSignal) =>
  apiFetch('/api/analytics/quality-vs-length', {
    schema: QualityVsLengthReplySchema,
    token: null,
    // SPEC.md §7: the category is omitted when it is all.
    query: { timeframe: query.timeframe, category: query.category === 'all' ? undefined : query.category },
    signal,
  });

const qualityVsLengthQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: ['analytics', 'qualityVsLength', query.timeframe, query.category],
    queryFn: ({ signal }) => getQualityVsLength(query, signal),
    staleTime: 30_000,
  });

export const useQualityVsLength = (query: AnalyticsQuery) => useQuery(qualityVsLengthQueryOptions(query));
