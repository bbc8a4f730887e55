import { type ResolveBody, ResolveReplySchema } from '#shared/schemas/resolution.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/predictions/:id/resolution: 200 with the prediction, or 400/401/403/404/409. */
const resolvePrediction = ({ id, body }: { id: number; body: ResolveBody }) =>
  apiFetch(`/api/predictions/${id}/resolution`, { method: 'POST', body, schema: ResolveReplySchema });

export function useResolvePrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePrediction,
    // The member's list, figures, track record and reliability have all moved.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
