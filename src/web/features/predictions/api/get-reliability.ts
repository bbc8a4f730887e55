import { ReliabilityReplySchema } from '#shared/schemas/predictions.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/user/{username}/reliability: the owner only. A failure is tolerated (SPEC.md §7). */
const getReliability = (username: string, signal?: AbortSignal) =>
  apiFetch(`/api/user/${encodeURIComponent(username)}/reliability`, {
    schema: ReliabilityReplySchema,
    signal,
  });

const reliabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['predictions', 'reliability', username],
    queryFn: ({ signal }) => getReliability(username, signal),
    retry: false,
  });

export const useReliability = (username: string) => useQuery(reliabilityQueryOptions(username));
