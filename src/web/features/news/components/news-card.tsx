import type { NewsTopic } from '#shared/schemas/news.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { relativeTime } from '#web/lib/relative-time.ts';

/** Only https addresses are linked: a feed can carry http:, javascript: or data: ones. */
function httpsUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function NewsCard({ topic }: { topic: NewsTopic }) {
  const sources = topic.newsContext.articleCount;
  // The primary source's article; demo stories point at addresses that do not exist.
  const article = topic.articles.find((a) => a.source === topic.source) ?? topic.articles[0];
  const href = topic.isDemo ? null : httpsUrl(article?.url);
  return (
    <article className="flex h-[23rem] flex-col overflow-hidden rounded-card bg-white p-5 ring-1 ring-ink-200/70 shadow-card">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="info">{topic.category}</Badge>
        {topic.trend === 'breaking' ? <Badge variant="danger">Breaking</Badge> : null}
        {topic.trend === 'developing' ? <Badge variant="warning">Developing</Badge> : null}
        {topic.isDemo ? <Badge>Demo</Badge> : null}
      </div>
      <h3 dir="auto" className="mt-3 line-clamp-2 shrink-0 text-base font-semibold text-ink-900">
        {topic.title}
      </h3>
      {/* Whole lines only: on a phone the summary gets two, the keywords one row, so nothing is cut mid-line. */}
      <p
        dir="auto"
        className="mt-2 line-clamp-2 shrink-0 text-sm leading-relaxed text-ink-700 sm:line-clamp-3"
      >
        {topic.summary || topic.description}
      </p>
      {topic.bulletPoints.length ? (
        <ul className="mt-3 shrink-0 space-y-1 text-sm text-ink-700">
          {topic.bulletPoints.map((b) => (
            <li key={b} dir="auto" className="line-clamp-1">
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
        {href ? (
          // A new tab keeps the reader's place in the carousel; no opener, no referrer for the site.
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            // Begins with the visible name (WCAG 2.5.3), then says which story and where it opens.
            aria-label={`${topic.source}: read “${topic.title}” (opens in a new tab)`}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline"
          >
            {topic.source}
          </a>
        ) : (
          <span className="font-semibold text-ink-700">{topic.source}</span>
        )}
        {sources > 1 ? ` + ${sources - 1} more` : ''} ·{' '}
        <time dateTime={topic.publishedAt}>{relativeTime(topic.publishedAt)}</time>
      </p>
    </article>
  );
}
