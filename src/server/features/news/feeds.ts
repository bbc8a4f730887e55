import { createHash } from 'node:crypto';
import { extractFromXml } from '@extractus/feed-extractor';

// Fetching and parsing one RSS or Atom feed. Conditional GET (ETag / Last-Modified) keeps a
// refresh cheap for feeds that have not changed; a size cap and a time-out keep one bad feed
// from holding up the others.

export interface FeedArticle {
  url: string;
  urlHash: string;
  title: string;
  description: string;
  publishedAt: string;
  source: string;
  feedUrl: string;
}

export interface FeedValidators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export type FeedResult =
  | { status: 'ok'; source: string; articles: FeedArticle[]; validators: FeedValidators }
  | { status: 'not-modified' };

const FEED_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxItems: 100 } as const;

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ocid|cmpid|at_medium|at_campaign)$/i;

/** One spelling per article: no tracking parameters, no fragment, lower-case host. */
export function canonicalUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    url.hash = '';
    url.hostname = url.hostname.toLowerCase();
    for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
    url.search = url.searchParams.toString() ? `?${url.searchParams.toString()}` : '';
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
    return url.toString();
  } catch {
    return raw.trim();
  }
}

export const urlHash = (url: string): string => createHash('sha256').update(canonicalUrl(url)).digest('hex');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from a feed's HTML fragment. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code =
          e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function sourceName(title: string | undefined, feedUrl: string): string {
  const t = plainText(title ?? '')
    .replace(/\s*[-–|:]\s*(latest|top stories|rss|news feed|home).*$/i, '')
    .trim();
  if (t) return t.slice(0, 80);
  try {
    return new URL(feedUrl).hostname.replace(/^www\./, '');
  } catch {
    return feedUrl;
  }
}

/** Parses feed XML (RSS 0.9x/1.0/2.0 or Atom). Items without a link or title are skipped. */
export function parseFeed(
  xml: string,
  feedUrl: string,
  now = Date.now(),
): { source: string; articles: FeedArticle[] } {
  const data = extractFromXml(xml, { descriptionMaxLen: 0, useISODateFormat: true, baseUrl: feedUrl });
  if (!data || !Array.isArray(data.entries)) throw new Error('not an RSS or Atom feed');
  const source = sourceName(data.title, feedUrl);
  const articles: FeedArticle[] = [];
  for (const entry of data.entries.slice(0, FEED_LIMITS.maxItems)) {
    const link = entry.link?.trim();
    const title = plainText(entry.title ?? '');
    if (!link || !title || !/^https?:\/\//i.test(link)) continue;
    const published = entry.published ? Date.parse(entry.published) : Number.NaN;
    // A missing or future date counts as 'now': the story is at least as fresh as this fetch.
    const at = Number.isFinite(published) ? Math.min(published, now) : now;
    articles.push({
      url: canonicalUrl(link),
      urlHash: urlHash(link),
      title: title.slice(0, 300),
      description: plainText(entry.description ?? '').slice(0, 2000),
      publishedAt: new Date(at).toISOString(),
      source,
      feedUrl,
    });
  }
  return { source, articles };
}

export async function fetchFeed(
  feedUrl: string,
  validators: FeedValidators = {},
  options: { userAgent: string; timeoutMs?: number; now?: number } = { userAgent: 'Futurecast' },
): Promise<FeedResult> {
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const response = await fetch(feedUrl, {
    headers,
    redirect: 'follow',
    signal: AbortSignal.timeout(options.timeoutMs ?? FEED_LIMITS.timeoutMs),
  });
  if (response.status === 304) return { status: 'not-modified' };
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > FEED_LIMITS.maxBytes) throw new Error(`feed too large (${length} bytes)`);
  const body = await response.text();
  if (body.length > FEED_LIMITS.maxBytes) throw new Error('feed too large');
  const parsed = parseFeed(body, feedUrl, options.now);
  return {
    status: 'ok',
    ...parsed,
    validators: {
      etag: response.headers.get('etag') ?? undefined,
      lastModified: response.headers.get('last-modified') ?? undefined,
    },
  };
}
