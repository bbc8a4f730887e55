import { DeleteReplySchema } from '#shared/schemas/explore.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { commentPagesKey, updateEngagement } from './cache-updates';
import { commentsKey } from './get-comments';

// DELETE /api/predictions/:id/comments/:commentId: its author only. The reply has the new count.

const deleteComment = (id: number, commentId: number) =>
  apiFetch(`/api/predictions/${id}/comments/${commentId}`, { method: 'DELETE', schema: DeleteReplySchema });

export function useDeleteComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(id, commentId),
    onSuccess: async (reply) => {
      if (reply.comments_count !== undefined)
        updateEngagement(queryClient, id, { comments: reply.comments_count });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commentPagesKey(id) }),
        queryClient.invalidateQueries({ queryKey: commentsKey(id) }),
      ]);
    },
  });
}
