import { COMMUNITY_MESSAGES as MSG } from '#shared/rules/community-messages.ts';
import type { CommentPostReply } from '#shared/schemas/community.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import { commentPagesKey, updateEngagement } from './cache-updates';
import { commentsKey } from './get-comments';

// POST /api/predictions/{id}/comments: { comment } → comments_count.

const postComment = (id: number, comment: string) =>
  apiFetch<CommentPostReply>(`/api/predictions/${id}/comments`, { method: 'POST', body: { comment } });

export function commentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return MSG.commentNetwork;
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') return error.message;
  return MSG.commentFailed;
}

export function usePostComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => postComment(id, comment),
    onSuccess: async (reply) => {
      updateEngagement(queryClient, id, { comments: reply.comments_count });
      await Promise.all([
        queryClient.refetchQueries({ queryKey: commentsKey(id) }),
        // The prediction's page: its latest comments, now with this one.
        queryClient.invalidateQueries({ queryKey: commentPagesKey(id) }),
      ]);
    },
  });
}
