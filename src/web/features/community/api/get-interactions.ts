import type { InteractionsReply } from '#shared/schemas/community.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// POST /api/predictions/interactions: the signed-in member's likes and dislikes among the cards.

export const interactionsKey = ['interactions'] as const;

const getInteractions = async (predictionIds: number[], signal?: AbortSignal) =>
  (
    await apiFetch<InteractionsReply>('/api/predictions/interactions', {
      method: 'POST',
      body: { predictionIds },
      signal,
    })
  ).interactions;

const interactionsQuery = (userId: number | null, predictionIds: number[]) =>
  queryOptions({
    queryKey: [...interactionsKey, userId, predictionIds.join(',')],
    queryFn: ({ signal }) => getInteractions(predictionIds, signal),
    enabled: userId !== null && predictionIds.length > 0,
    staleTime: 5 * 60_000,
  });

export const useInteractions = (userId: number | null, predictionIds: number[]) =>
  useQuery(interactionsQuery(userId, predictionIds));
