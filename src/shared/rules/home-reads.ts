// The home page's public reads. The app shell starts them before the home page's code arrives
// (src/web/app/router.tsx, lib/early-requests.ts), and the server names them in a `Link: rel=preload`
// header on the home page's HTML (src/server/plugins/spa.ts), so they start with the document.

export const COMMUNITY_TOPICS_PATH = '/api/hot-topics/ai';
export const NEWS_TOPICS_PATH = '/api/enhanced-hot-topics';
export const HOMEPAGE_STATS_PATH = '/api/stats/homepage';

export const HOME_FIRST_READS = [COMMUNITY_TOPICS_PATH, NEWS_TOPICS_PATH, HOMEPAGE_STATS_PATH] as const;
