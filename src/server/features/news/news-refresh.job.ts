import type { Job } from '#server/jobs/scheduler.ts';
import type { NewsCheckpoint, NewsService } from './news.service.ts';

export const NEWS_JOB = 'news-refresh';

/** The news refresh as a scheduled job: every NEWS_REFRESH_MINUTES, checkpoint = feed states. */
export function newsRefreshJob(news: NewsService, refreshMinutes: number): Job<NewsCheckpoint> {
  const intervalMs = refreshMinutes * 60_000;
  return {
    name: NEWS_JOB,
    intervalMs,
    // Long enough for every feed to time out once; short enough that a crashed run is retried.
    leaseMs: Math.max(5 * 60_000, Math.min(intervalMs, 30 * 60_000)),
    run: ({ checkpoint }) => news.refresh(checkpoint),
    lastRunAt: (checkpoint) => (checkpoint?.lastRunAt ? Date.parse(checkpoint.lastRunAt) : null),
  };
}
