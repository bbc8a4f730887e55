import { randomUUID } from 'node:crypto';
import type { ReplyCache } from '#server/cache/reply-cache.ts';

// The explore reads as guests get them, cached briefly per URL (docs/decisions/014-explore.md).
// Pages are keyed under the current explore version: a random token kept in the app's reply cache
// under EXPLORE_VERSION_KEY. Every write that changes what a page shows (a submission, vote,
// comment, deletion) invalidates that one key, which the reply cache carries to every instance
// (Redis pub/sub); the next read draws a new token, so every page cached under the old one is
// unreachable at once, on every instance, without listing them. Pages live in a reply cache of
// their own, so a crawl of many URLs never evicts the home page's entries.

export const EXPLORE_VERSION_KEY = 'explore:version';

/** How long one page is served again (an unrelated write ends it sooner). */
const PAGE_TTL_MS = 30_000;
/** The version outlives any page; when it expires a new one is drawn, which only costs a miss. */
const VERSION_TTL_MS = 24 * 3600_000;

export interface ExplorePages {
  /** The cached reply for `url`, or one built now and kept. `fresh` rebuilds it. */
  get(url: string, build: () => Promise<string>, fresh?: boolean): Promise<{ json: string; cached: boolean }>;
  /** What this process holds for `url` now, without waiting (the HTTP micro-cache). */
  peek(url: string): string | undefined;
}

export function createExplorePages(cache: ReplyCache, pages: ReplyCache): ExplorePages {
  const version = async () =>
    (await cache.getOrBuild(EXPLORE_VERSION_KEY, VERSION_TTL_MS, async () => randomUUID())).value;
  return {
    async get(url, build, fresh = false) {
      const { value, cached } = await pages.getOrBuild(`${await version()} ${url}`, PAGE_TTL_MS, build, {
        fresh,
      });
      return { json: value, cached };
    },
    peek(url) {
      const v = cache.peek(EXPLORE_VERSION_KEY);
      return v === undefined ? undefined : pages.peek(`${v} ${url}`);
    },
  };
}
