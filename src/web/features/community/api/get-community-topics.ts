import type { CommunityTopic, HotTopicsReply } from '#shared/schemas/community.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#web/lib/api-client.ts';
import { readHotTopicsCache } from '#web/lib/hot-topics-cache.ts';
import { keepCommunityTopic } from '#web/lib/topic-filters.ts';
import { COMMUNITY_TOPICS_PATH } from '#shared/rules/home-reads.ts';
import { communityTopicsKey } from './cache-updates';

// GET /api/hot-topics/ai: community predictions ranked by hot score (SPEC.md §7), no auth.

/** SPEC.md §8: a non-OK reply fails as 'Community predictions API error' with its status. */
const communityApiError = (status: number) => `Community predictions API error: ${status}`;

export async function getCommunityTopics(signal?: AbortSignal): Promise<CommunityTopic[]> {
  try {
    const reply = await apiFetch<HotTopicsReply>(COMMUNITY_TOPICS_PATH, { token: null, signal });
    return reply.topics.filter(keepCommunityTopic);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      throw new ApiError(error.status, communityApiError(error.status), error.code, error.details);
    }
    throw error;
  }
}

const communityTopicsQuery = () => {
  const cached = readHotTopicsCache();
  return queryOptions({
    queryKey: communityTopicsKey,
    queryFn: ({ signal }) => getCommunityTopics(signal),
    // A cache younger than 30 minutes shows at once; fresh data loads behind it (SPEC.md §4).
    ...(cached?.community ? { initialData: cached.community, initialDataUpdatedAt: cached.timestamp } : {}),
    staleTime: 0,
  });
};

export const useCommunityTopics = () => useQuery(communityTopicsQuery());
