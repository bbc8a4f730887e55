import { SubmitStatsReplySchema } from '#shared/schemas/predictions.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/stats/submit: public; on failure the screen keeps its defaults (SPEC.md §7, §9). */
const getSubmitStats = (signal?: AbortSignal) =>
  apiFetch('/api/stats/submit', { schema: SubmitStatsReplySchema, token: null, signal });

const submitStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'submit'],
    queryFn: ({ signal }) => getSubmitStats(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useSubmitStats = () => useQuery(submitStatsQueryOptions());
