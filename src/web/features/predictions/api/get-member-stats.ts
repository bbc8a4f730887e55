import { MemberStatsReplySchema } from '#shared/schemas/predictions.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

const getMemberStats = (signal?: AbortSignal) =>
  apiFetch('/api/auth/stats', { schema: MemberStatsReplySchema, signal });

const memberStatsQueryOptions = () =>
  queryOptions({ queryKey: ['predictions', 'stats'], queryFn: ({ signal }) => getMemberStats(signal) });

export const useMemberStats = () => useQuery(memberStatsQueryOptions());
