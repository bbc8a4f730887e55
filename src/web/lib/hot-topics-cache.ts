import type { CommunityTopic } from '#shared/schemas/community.ts';
import type { NewsTopic } from '#shared/schemas/news.ts';

// SPEC.md §4 'Hot Topics' and §9: a cache under 'hot-topics-cache', valid 30 minutes, shown at
// once while fresh data loads. The spec's product reads it but never writes it; we write it after
// each successful load, or the cache would never exist (docs/decisions/008-community-and-hot-topics.md).

export const HOT_TOPICS_CACHE_KEY = 'hot-topics-cache';
const HOT_TOPICS_CACHE_MS = 30 * 60_000;

export interface HotTopicsCache {
  timestamp: number;
  community?: CommunityTopic[];
  news?: NewsTopic[];
}

export function readHotTopicsCache(now = Date.now()): HotTopicsCache | null {
  try {
    const raw = localStorage.getItem(HOT_TOPICS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as HotTopicsCache;
    if (
      typeof parsed?.timestamp !== 'number' ||
      now - parsed.timestamp > HOT_TOPICS_CACHE_MS ||
      parsed.timestamp > now
    ) {
      return null;
    }
    return {
      timestamp: parsed.timestamp,
      community: Array.isArray(parsed.community) ? parsed.community : undefined,
      news: Array.isArray(parsed.news) ? parsed.news : undefined,
    };
  } catch {
    return null;
  }
}

export function writeHotTopicsCache(part: Omit<HotTopicsCache, 'timestamp'>, now = Date.now()): void {
  try {
    const previous = readHotTopicsCache(now);
    const next: HotTopicsCache = { ...previous, ...part, timestamp: now };
    localStorage.setItem(HOT_TOPICS_CACHE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the cache is an optimisation only.
  }
}
