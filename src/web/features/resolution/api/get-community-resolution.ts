import { CommunityResolutionReplySchema } from '#shared/schemas/resolution.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/analytics/resolution: the community's resolved public predictions and calibration.

const communityResolutionQueryOptions = () =>
  queryOptions({
    queryKey: ['resolution', 'community'],
    queryFn: ({ signal }) =>
      apiFetch('/api/analytics/resolution', { schema: CommunityResolutionReplySchema, signal }),
  });

export const useCommunityResolution = () => useQuery(communityResolutionQueryOptions());
