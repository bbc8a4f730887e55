import { communityInsight, COMMUNITY_MESSAGES as MSG } from '#shared/rules/community.ts';
import type { CommentPostReply, CommunityTopic } from '#shared/schemas/community.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import { communityTopicsKey } from './get-community-topics';
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
      queryClient.setQueryData<CommunityTopic[]>(communityTopicsKey, (topics) =>
        topics?.map((t) => {
          if (t.id !== id) return t;
          const engagement = { ...t.engagement, comments: reply.comments_count };
          return { ...t, engagement, communityInsight: communityInsight(engagement) };
        }),
      );
      await queryClient.refetchQueries({ queryKey: commentsKey(id) });
    },
  });
}
