import type { Category } from '#shared/rules/categories.ts';
import type { ExploreStatus } from '../lib/explore-view';
import { type ExploreSort, ExploreListReplySchema } from '#shared/schemas/explore.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { explorePredictionsKey } from './cache-updates';

// GET /api/predictions?sort=&category=&status=&q=&author=&cursor=: public, a page at a time.

export interface PredictionFilters {
  sort: ExploreSort;
  category?: Category;
  /** Two characters or more (explore-view.ts `searchable`). */
  q?: string;
  author?: string;
  status?: ExploreStatus;
}

const getPredictions = (filters: PredictionFilters, cursor: string | null, signal?: AbortSignal) =>
  apiFetch('/api/predictions', {
    schema: ExploreListReplySchema,
    query: { ...filters, cursor: cursor ?? undefined },
    signal,
  });

/** Pages from `startCursor` (null: the first page); each next page is appended. */
const predictionsQuery = (filters: PredictionFilters, startCursor: string | null) =>
  infiniteQueryOptions({
    queryKey: [...explorePredictionsKey, filters, startCursor],
    queryFn: ({ pageParam, signal }) => getPredictions(filters, pageParam, signal),
    initialPageParam: startCursor,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePredictions = (filters: PredictionFilters, startCursor: string | null) =>
  useInfiniteQuery(predictionsQuery(filters, startCursor));
