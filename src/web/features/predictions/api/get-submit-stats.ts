import { SubmitStatsReplySchema } from '#shared/schemas/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/stats/submit: public; on failure the screen keeps its defaults (SPEC.md §7, §9). */
export const getSubmitStats = (signal?: AbortSignal) =>
  apiFetch('/api/stats/submit', { schema: SubmitStatsReplySchema, token: null, signal });

export const submitStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'submit'],
    queryFn: ({ signal }) => getSubmitStats(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useSubmitStats = () => useQuery(submitStatsQueryOptions());
