import { DeleteReplySchema } from '#shared/schemas/explore.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { forgetPrediction } from './cache-updates';

// DELETE /api/predictions/:id: the owner only.

const deletePrediction = (id: number) =>
  apiFetch(`/api/predictions/${id}`, { method: 'DELETE', schema: DeleteReplySchema });

export function useDeletePrediction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePrediction(id),
    onSuccess: () => {
      forgetPrediction(queryClient, id);
      // The member's dashboard, stats and every list counted it: stale now, refetched when next shown.
      // Nothing refetches here: this prediction's own page would only find it gone.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    },
  });
}
