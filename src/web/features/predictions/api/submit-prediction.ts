import { type SubmitPredictionBody, SubmitPredictionReplySchema } from '#shared/schemas/predictions.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** SPEC.md §9 'Submit request timeout'. */
const SUBMIT_TIMEOUT_MS = 30_000;

/** POST /api/predictions: 201 published (maybe flagged), or 400/401/403/409/422/429/5xx. */
const submitPrediction = (body: SubmitPredictionBody) =>
  apiFetch('/api/predictions', {
    method: 'POST',
    body,
    schema: SubmitPredictionReplySchema,
    timeoutMs: SUBMIT_TIMEOUT_MS,
  });

export function useSubmitPrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPrediction,
    // The dashboard, the counters and anything listing predictions are now stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
