import { MyTrackRecordReplySchema } from '#shared/schemas/resolution.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/my-track-record: the member's own figures (private predictions included).

const myTrackRecordQueryOptions = () =>
  queryOptions({
    queryKey: ['resolution', 'mine'],
    queryFn: ({ signal }) => apiFetch('/api/my-track-record', { schema: MyTrackRecordReplySchema, signal }),
  });

export const useMyTrackRecord = () => useQuery(myTrackRecordQueryOptions());
