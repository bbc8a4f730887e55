import { ActivityReplySchema } from '#shared/schemas/notifications.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/account/activity: records the visit and returns what is new since the previous one. */
const getActivity = (signal?: AbortSignal) =>
  apiFetch('/api/account/activity', { schema: ActivityReplySchema, signal });

const activityQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'activity'],
    queryFn: ({ signal }) => getActivity(signal),
    // One answer per visit: the server keeps the same window for the rest of it anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useActivity = () => useQuery(activityQueryOptions());
