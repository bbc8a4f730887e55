import { MyPredictionsReplySchema } from '#shared/schemas/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getMyPredictions = (signal?: AbortSignal) =>
  apiFetch('/api/my-predictions', { schema: MyPredictionsReplySchema, signal });

export const myPredictionsQueryOptions = () =>
  queryOptions({ queryKey: ['predictions', 'mine'], queryFn: ({ signal }) => getMyPredictions(signal) });

export const useMyPredictions = () => useQuery(myPredictionsQueryOptions());
