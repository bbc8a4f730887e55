import { COMMUNITY_MESSAGES as MSG } from '#shared/rules/community.ts';
import type { VoteReply } from '#shared/schemas/community.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, INVALID_RESPONSE_MESSAGE } from '#web/lib/api-client.ts';
import { updateEngagement } from './cache-updates';
import { interactionsKey } from './get-interactions';

// POST /api/predictions/{id}/like and /dislike: a toggle; the reply carries the new counts.

export type VoteKind = 'like' | 'dislike';

const votePrediction = (id: number, kind: VoteKind) =>
  apiFetch<VoteReply>(`/api/predictions/${id}/${kind}`, { method: 'POST' });

/** SPEC.md §8 'Home page': the message the card shows for a failed vote. */
export function voteErrorMessage(error: unknown, kind: VoteKind): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_RESPONSE') return INVALID_RESPONSE_MESSAGE;
    if (error.isNetworkError) return kind === 'like' ? MSG.likeNetwork : MSG.dislikeNetwork;
    if (error.message) return error.message;
  }
  return kind === 'like' ? MSG.likeFailed : MSG.dislikeFailed;
}

export function useVotePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: number; kind: VoteKind }) => votePrediction(id, kind),
    onSuccess: (reply, { id }) => {
      updateEngagement(queryClient, id, { likes: reply.likes_count, dislikes: reply.dislikes_count });
      queryClient.setQueriesData<Record<string, 'liked' | 'disliked'>>(
        { queryKey: interactionsKey },
        (map) => {
          const next = { ...(map ?? {}) };
          if (reply.user_action === '') delete next[String(id)];
          else next[String(id)] = reply.user_action;
          return next;
        },
      );
    },
  });
}
