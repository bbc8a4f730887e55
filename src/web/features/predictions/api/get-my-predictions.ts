import { MyPredictionsReplySchema } from '#shared/schemas/predictions.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

const getMyPredictions = (signal?: AbortSignal) =>
  apiFetch('/api/my-predictions', { schema: MyPredictionsReplySchema, signal });

const myPredictionsQueryOptions = () =>
  queryOptions({ queryKey: ['predictions', 'mine'], queryFn: ({ signal }) => getMyPredictions(signal) });

export const useMyPredictions = () => useQuery(myPredictionsQueryOptions());
