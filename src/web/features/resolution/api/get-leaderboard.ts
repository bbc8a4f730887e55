import { LeaderboardReplySchema } from '#shared/schemas/resolution.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/leaderboard: public, members with 10+ scored public resolutions by Brier score.

const leaderboardQueryOptions = () =>
  queryOptions({
    queryKey: ['resolution', 'leaderboard'],
    queryFn: ({ signal }) => apiFetch('/api/leaderboard', { schema: LeaderboardReplySchema, signal }),
  });

export const useLeaderboard = () => useQuery(leaderboardQueryOptions());
