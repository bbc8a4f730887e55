import { createHash } from 'node:crypto';
import { extractFromXml } from '@extractus/feed-extractor';
import { getFeed, publicAddressesOnly } from './feed-fetch.ts';

// Fetching and parsing one RSS or Atom feed. Conditional GET (ETag / Last-Modified) keeps a
// refresh cheap for feeds that have not changed; a size cap and a time-out keep one bad feed
// from holding up the others (feed-fetch.ts holds the network guards).

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

export const FEED_LIMITS = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxItems: 100,
  /**
   * Every text and attribute value of the XML is cut to this many characters as the parser reads
   * it, before any pattern (ours or the feed library's) sees it: we keep 300 characters of a title
   * and 2,000 of a description, so 4 KB leaves room for their markup.
   */
  maxFieldChars: 4096,
  maxUrlChars: 2048,
} as const;

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ocid|cmpid|at_medium|at_campaign)$/i;

/** One spelling per article: no tracking parameters, no fragment, lower-case host. */
export function canonicalUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    url.hash = '';
    url.hostname = url.hostname.toLowerCase();
    for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
    url.search = url.searchParams.toString() ? `?${url.searchParams.toString()}` : '';
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/(?<!\/)\/+$/, '');
    return url.toString();
  } catch {
    return raw.trim();
  }
}

export const urlHash = (url: string): string => createHash('sha256').update(canonicalUrl(url)).digest('hex');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The end of a `<script>` or `<style>` element opened at `open`, or -1 when it never closes. */
function rawTextEnd(lower: string, open: number, tagEnd: number): number {
  for (const name of ['script', 'style']) {
    const after = lower.charCodeAt(open + 1 + name.length);
    // '<script>' or '<script ...>', not '<scripts>'.
    if (!lower.startsWith(name, open + 1) || (after >= 97 && after <= 122)) continue;
    const close = lower.indexOf(`</${name}`, tagEnd);
    if (close < 0) return -1;
    const closeEnd = lower.indexOf('>', close);
    return closeEnd < 0 ? -1 : closeEnd + 1;
  }
  return tagEnd + 1;
}

/**
 * Markup out, a space in its place; script and style elements out whole. A scan, not patterns:
 * `<[^>]+>` and a lazy `<script>…</script>` rescan the rest of the text from every '<' that never
 * closes, which froze the process on a hostile title. Each character here is looked at a bounded
 * number of times.
 */
function stripMarkup(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    const tagEnd = html.indexOf('>', open + 1);
    // No '>' anywhere after it: the rest is text, as it was for the pattern.
    if (tagEnd < 0) break;
    out += html.slice(at, open);
    if (tagEnd === open + 1) {
      out += '<>';
      at = tagEnd + 1;
      continue;
    }
    const next = rawTextEnd(lower, open, tagEnd);
    out += ' ';
    // An unclosed script or style element runs to the end, as a browser reads it.
    if (next < 0) return out;
    at = next;
  }
  return out + html.slice(at);
}

/** Plain text from a feed's HTML fragment. */
export function plainText(html: string): string {
  return stripMarkup(html)
    .replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{1,8});/gi, (m, e: string) => {
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
    // The look-behind starts the match at the start of a run of spaces only: linear.
    .replace(/(?<!\s)\s*[-–|:]\s*(?:latest|top stories|rss|news feed|home)[\s\S]*$/i, '')
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
  const cut = (value: unknown) =>
    typeof value === 'string' && value.length > FEED_LIMITS.maxFieldChars
      ? value.slice(0, FEED_LIMITS.maxFieldChars)
      : value;
  const data = extractFromXml(xml, {
    descriptionMaxLen: 0,
    useISODateFormat: true,
    baseUrl: feedUrl,
    xmlParserOptions: {
      tagValueProcessor: (_name: string, value: unknown) => cut(value),
      attributeValueProcessor: (_name: string, value: unknown) => cut(value),
    },
  });
  if (!data || !Array.isArray(data.entries)) throw new Error('not an RSS or Atom feed');
  const source = sourceName(data.title, feedUrl);
  const articles: FeedArticle[] = [];
  for (const entry of data.entries.slice(0, FEED_LIMITS.maxItems)) {
    const link = entry.link?.trim();
    const title = plainText(entry.title ?? '');
    if (!link || !title || link.length > FEED_LIMITS.maxUrlChars || !/^https?:\/\//i.test(link)) continue;
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
  options: { userAgent: string; timeoutMs?: number; now?: number; allowPrivateHosts?: boolean } = {
    userAgent: 'Futurecast',
  },
): Promise<FeedResult> {
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const response = await getFeed(feedUrl, {
    headers,
    timeoutMs: options.timeoutMs ?? FEED_LIMITS.timeoutMs,
    maxBytes: FEED_LIMITS.maxBytes,
    allowAddress: options.allowPrivateHosts ? () => true : publicAddressesOnly,
  });
  if (response.status === 304) return { status: 'not-modified' };
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
  const parsed = parseFeed(response.body, feedUrl, options.now);
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    status: 'ok',
    ...parsed,
    validators: { etag: header('etag'), lastModified: header('last-modified') },
  };
}
