import { PreviewReplySchema, type SubmitPredictionBody } from '#shared/schemas/predictions.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// POST /api/predictions/preview: what publishing this text now would give. Nothing is stored, so
// it is read like a query (cached per body) rather than sent like a mutation.

const previewPrediction = (body: SubmitPredictionBody, signal?: AbortSignal) =>
  apiFetch('/api/predictions/preview', { method: 'POST', body, schema: PreviewReplySchema, signal });

const previewQueryOptions = (body: SubmitPredictionBody) =>
  queryOptions({
    queryKey: ['predictions', 'preview', body],
    queryFn: ({ signal }) => previewPrediction(body, signal),
    staleTime: 5 * 60_000,
    retry: false,
    // The last result stays on screen while the next one loads: the panel does not flicker.
    placeholderData: keepPreviousData,
  });

/** The preview of `body`, or nothing while `body` is null. */
export const usePredictionPreview = (body: SubmitPredictionBody | null) =>
  useQuery({
    ...previewQueryOptions(body ?? { prediction_text: '' }),
    enabled: body !== null,
  });
