import type { HomepageStats } from '#shared/schemas/home.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { HOMEPAGE_STATS_PATH } from '#shared/rules/home-reads.ts';

// GET /api/stats/homepage: live figures; the page shows SPEC.md §9 defaults until they arrive
// and keeps them when the call fails.

const getHomepageStats = (signal?: AbortSignal) =>
  apiFetch<HomepageStats>(HOMEPAGE_STATS_PATH, { token: null, signal });

const homepageStatsQuery = () =>
  queryOptions({
    queryKey: ['stats', 'homepage'],
    queryFn: ({ signal }) => getHomepageStats(signal),
    staleTime: 60_000,
  });

export const useHomepageStats = () => useQuery(homepageStatsQuery());
