import type { EnhancedHotTopicsReply, HotTopicsFallbackReply, NewsTopic } from '#shared/schemas/news.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { readHotTopicsCache } from '#web/lib/hot-topics-cache.ts';
import { normaliseNewsTopic } from '#web/lib/topic-filters.ts';
import { NEWS_TOPICS_PATH } from '#shared/rules/home-reads.ts';

// GET /api/enhanced-hot-topics, falling back to GET /api/hot-topics (SPEC.md §7 and §8).

const newsTopicsKey = ['hot-topics', 'news'] as const;

async function getNewsTopics(signal?: AbortSignal): Promise<NewsTopic[]> {
  let topics: NewsTopic[];
  try {
    topics = (await apiFetch<EnhancedHotTopicsReply>(NEWS_TOPICS_PATH, { token: null, signal })).topics;
  } catch (error) {
    if (signal?.aborted) throw error;
    topics = (await apiFetch<HotTopicsFallbackReply>('/api/hot-topics', { token: null, signal })).topics;
  }
  return topics.filter((t) => t.title.trim() !== '').map(normaliseNewsTopic);
}

const newsTopicsQuery = () => {
  const cached = readHotTopicsCache();
  return queryOptions({
    queryKey: newsTopicsKey,
    queryFn: ({ signal }) => getNewsTopics(signal),
    ...(cached?.news ? { initialData: cached.news, initialDataUpdatedAt: cached.timestamp } : {}),
    staleTime: 0,
    retry: 1,
  });
};

export const useNewsTopics = () => useQuery(newsTopicsQuery());
