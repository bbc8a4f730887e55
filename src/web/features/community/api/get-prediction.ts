import { PredictionDetailReplySchema } from '#shared/schemas/explore.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { predictionKey } from './cache-updates';

// GET /api/predictions/:id: public predictions for everyone, a private one for its owner only.

const getPrediction = (id: number, signal?: AbortSignal) =>
  apiFetch(`/api/predictions/${id}`, { schema: PredictionDetailReplySchema, signal });

/** `viewer`: whose token asks (is_owner and a private prediction depend on it). */
const predictionQuery = (id: number, viewer: number | null) =>
  queryOptions({
    queryKey: [...predictionKey(id), viewer],
    queryFn: ({ signal }) => getPrediction(id, signal),
  });

/** `id` null: nothing to ask for (an address that names no prediction, or one just deleted). */
export const usePrediction = (id: number | null, viewer: number | null) =>
  useQuery({ ...predictionQuery(id ?? 0, viewer), enabled: id !== null });
