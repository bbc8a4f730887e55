import { VOTE_ERROR_MESSAGES as MSG } from '#shared/rules/community.ts';
import type { VoteReply } from '#shared/schemas/community.ts';
import { useQueryClient } from '@tanstack/react-query';
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

/**
 * Sends a vote and puts the reply's counts and action into every cached copy of the prediction. A
 * plain async function rather than a TanStack mutation: each card keeps its own pending vote and
 * failure (use-card-actions), and the home page is spared the mutation observer (about 1 KB of its
 * 120 KB budget; docs/decisions/003).
 */
export function useVotePrediction() {
  const queryClient = useQueryClient();
  return async (id: number, kind: VoteKind): Promise<VoteReply> => {
    const reply = await votePrediction(id, kind);
    updateEngagement(queryClient, id, { likes: reply.likes_count, dislikes: reply.dislikes_count });
    queryClient.setQueriesData<Record<string, 'liked' | 'disliked'>>({ queryKey: interactionsKey }, (map) => {
      const next = { ...(map ?? {}) };
      if (reply.user_action === '') delete next[String(id)];
      else next[String(id)] = reply.user_action;
      return next;
    });
    return reply;
  };
}
