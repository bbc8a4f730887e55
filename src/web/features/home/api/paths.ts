// The home page's public reads. Their paths live here, apart from their fetchers, so the app shell
// can start them before the home page's code arrives (app/router.tsx, lib/early-requests.ts).

export const COMMUNITY_TOPICS_PATH = '/api/hot-topics/ai';
export const NEWS_TOPICS_PATH = '/api/enhanced-hot-topics';
export const HOMEPAGE_STATS_PATH = '/api/stats/homepage';

export const HOME_FIRST_READS = [COMMUNITY_TOPICS_PATH, NEWS_TOPICS_PATH, HOMEPAGE_STATS_PATH] as const;
