// The home page's public reads (shared with the server, which preloads them with the page).
export {
  COMMUNITY_TOPICS_PATH,
  HOME_FIRST_READS,
  HOMEPAGE_STATS_PATH,
  NEWS_TOPICS_PATH,
} from '#shared/rules/home-reads';
