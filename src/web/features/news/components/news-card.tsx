import type { NewsTopic } from '#shared/schemas/news.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { relativeTime } from '#web/lib/relative-time.ts';

export function NewsCard({ topic }: { topic: NewsTopic }) {
  const sources = topic.newsContext.articleCount;
  return (
    <article className="flex h-[23rem] flex-col overflow-hidden rounded-card bg-white p-5 ring-1 ring-ink-200/70 shadow-card">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="info">{topic.category}</Badge>
        {topic.trend === 'breaking' ? <Badge variant="danger">Breaking</Badge> : null}
        {topic.trend === 'developing' ? <Badge variant="warning">Developing</Badge> : null}
        {topic.isDemo ? <Badge>Demo</Badge> : null}
      </div>
      <h3 className="mt-3 line-clamp-2 shrink-0 text-base font-semibold text-ink-900">{topic.title}</h3>
      {/* Whole lines only: on a phone the summary gets two, the keywords one row, so nothing is cut mid-line. */}
      <p className="mt-2 line-clamp-2 shrink-0 text-sm leading-relaxed text-ink-700 sm:line-clamp-3">
        {topic.summary || topic.description}
      </p>
      {topic.bulletPoints.length ? (
        <ul className="mt-3 shrink-0 space-y-1 text-sm text-ink-700">
          {topic.bulletPoints.map((b) => (
            <li key={b} className="line-clamp-1">
              {b}
            </li>
          ))}
        </ul>
      ) : null}
      {topic.keywords.length ? (
        <ul
          className="mt-3 flex max-h-6 shrink-0 flex-wrap gap-1.5 overflow-hidden sm:max-h-none"
          aria-label="Keywords"
        >
          {topic.keywords.map((k) => (
            <li key={k} className="rounded-md bg-ink-100 px-2 py-0.5 text-xs text-ink-700">
              {k}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-auto pt-3 text-xs text-ink-500">
        <span className="font-semibold text-ink-700">{topic.source}</span>
        {sources > 1 ? ` + ${sources - 1} more` : ''} ·{' '}
        <time dateTime={topic.publishedAt}>{relativeTime(topic.publishedAt)}</time>
      </p>
    </article>
  );
}
