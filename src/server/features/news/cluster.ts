import { scoreCategories } from '#shared/rules/category-suggestion.ts';
import { NEWS_LIMITS } from '#shared/schemas/news.ts';
import { clip, cosine, keywordsOf, sentences, terms } from './text.ts';

// Story clustering and extractive summaries (docs/decisions/009-news-pipeline.md). Pure: the
// refresh job feeds it articles and stores what comes out.

export interface StoryArticle {
  urlHash: string;
  url: string;
  title: string;
  description: string;
  source: string;
  publishedAt: string;
  /** The feed it came from (new articles only). */
  feedUrl?: string;
}

export interface Cluster {
  /** Set for a story already stored. */
  storyId?: number;
  storyKey: string;
  articles: StoryArticle[];
  /** Gained articles in this run: its summary is rewritten. */
  touched: boolean;
}

const CLUSTERING = {
  /** tf-idf cosine between an article and a story's centroid to join it. */
  threshold: 0.28,
  /** An article joins only a story whose latest article is at most this old. */
  windowMs: 48 * 3_600_000,
} as const;

export type Idf = Map<string, number>;

/** Inverse document frequencies over a corpus of articles. */
export function idfOf(articles: readonly StoryArticle[]): Idf {
  const df = new Map<string, number>();
  for (const a of articles)
    for (const t of new Set(terms(`${a.title} ${a.description}`))) df.set(t, (df.get(t) ?? 0) + 1);
  const n = articles.length;
  const idf: Idf = new Map();
  for (const [t, d] of df) idf.set(t, Math.log((n + 1) / (d + 1)) + 1);
  return idf;
}

function weighted(text: string, idf: Idf, weight = 1, into = new Map<string, number>()): Map<string, number> {
  for (const t of terms(text)) into.set(t, (into.get(t) ?? 0) + weight * (idf.get(t) ?? 1));
  return into;
}

/** An article's tf-idf vector; the title counts twice. */
function articleVector(a: StoryArticle, idf: Idf): Map<string, number> {
  return weighted(a.description, idf, 1, weighted(a.title, idf, 2));
}

function centroid(articles: readonly StoryArticle[], idf: Idf): Map<string, number> {
  const sum = new Map<string, number>();
  for (const a of articles) {
    const v = articleVector(a, idf);
    let norm = 0;
    for (const x of v.values()) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (const [k, x] of v) sum.set(k, (sum.get(k) ?? 0) + x / norm);
  }
  return sum;
}

const latest = (c: Cluster) => Math.max(...c.articles.map((a) => Date.parse(a.publishedAt)));

/**
 * Single-pass clustering, oldest article first: each article joins the most similar recent
 * story (stored or new) above the threshold, or starts a new one.
 */
export function clusterArticles(
  existing: readonly Cluster[],
  incoming: readonly StoryArticle[],
  idf: Idf,
): Cluster[] {
  const clusters: Cluster[] = existing.map((c) => ({ ...c, articles: [...c.articles] }));
  const centroids = clusters.map((c) => centroid(c.articles, idf));
  const ordered = [...incoming].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
  for (const article of ordered) {
    const v = articleVector(article, idf);
    const at = Date.parse(article.publishedAt);
    let best = -1;
    let bestScore: number = CLUSTERING.threshold;
    clusters.forEach((c, i) => {
      if (Math.abs(at - latest(c)) > CLUSTERING.windowMs) return;
      const s = cosine(centroids[i] as Map<string, number>, v);
      if (s >= bestScore) {
        best = i;
        bestScore = s;
      }
    });
    if (best >= 0) {
      const c = clusters[best] as Cluster;
      c.articles.push(article);
      c.touched = true;
      centroids[best] = centroid(c.articles, idf);
    } else {
      clusters.push({ storyKey: article.urlHash.slice(0, 32), articles: [article], touched: true });
      centroids.push(centroid([article], idf));
    }
  }
  return clusters;
}

export type NewsTrend = 'breaking' | 'developing' | 'stable';

/** 'breaking': first seen under 6 h ago and growing (2+ articles in 3 h, or 3+ sources). */
export function trendOf(articles: readonly StoryArticle[], now = Date.now()): NewsTrend {
  const times = articles.map((a) => Date.parse(a.publishedAt));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const recent = times.filter((t) => now - t <= 3 * 3_600_000).length;
  const sources = new Set(articles.map((a) => a.source)).size;
  if (now - first <= 6 * 3_600_000 && (recent >= 2 || sources >= 3)) return 'breaking';
  if (now - last <= 24 * 3_600_000 && articles.length >= 2) return 'developing';
  return 'stable';
}

export interface StorySummary {
  title: string;
  summary: string;
  bulletPoints: string[];
  keywords: string[];
  category: string;
  source: string;
  sources: string[];
  publishedAt: string;
}

const MIN_SENTENCE = 25;

/**
 * Extractive summary: sentences scored by similarity to the story's centroid (leads get a
 * bonus), the best one or two as the summary, then up to four bullets chosen for relevance
 * without repeating what is already said (maximal marginal relevance).
 */
export function summarise(articles: readonly StoryArticle[], idf: Idf): StorySummary {
  const byTime = [...articles].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
  const center = centroid(byTime, idf);
  const earliest = byTime[0] as StoryArticle;

  const title =
    [...byTime].map((a) => ({ a, s: cosine(center, weighted(a.title, idf)) })).sort((x, y) => y.s - x.s)[0]?.a
      .title ?? earliest.title;

  type Candidate = { text: string; vector: Map<string, number>; score: number };
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const a of byTime) {
    sentences(a.description).forEach((s, i) => {
      const key = s.toLowerCase().replace(/\W+/g, ' ').trim();
      if (s.length < MIN_SENTENCE || seen.has(key) || /^syndicated from\b/i.test(s)) return;
      seen.add(key);
      const vector = weighted(s, idf);
      candidates.push({ text: clip(s, 240), vector, score: cosine(center, vector) + (i === 0 ? 0.1 : 0) });
    });
  }
  candidates.sort((x, y) => y.score - x.score);

  const redundant = (c: Candidate, chosen: Candidate[]) =>
    chosen.some((p) => cosine(p.vector, c.vector) > 0.5);
  const summaryParts: Candidate[] = [];
  for (const c of candidates) {
    if (summaryParts.length === 2) break;
    const length = summaryParts.reduce((n, p) => n + p.text.length + 1, 0) + c.text.length;
    if (summaryParts.length && (length > 300 || redundant(c, summaryParts))) continue;
    summaryParts.push(c);
  }
  const summary = summaryParts.length ? summaryParts.map((p) => p.text).join(' ') : clip(earliest.title, 300);

  const bullets: Candidate[] = [];
  const pool = candidates.filter((c) => !summaryParts.includes(c));
  while (bullets.length < NEWS_LIMITS.bulletPoints && pool.length) {
    let pick = -1;
    let pickScore = Number.NEGATIVE_INFINITY;
    pool.forEach((c, i) => {
      const overlap = Math.max(0, ...[...summaryParts, ...bullets].map((p) => cosine(p.vector, c.vector)));
      const mmr = 0.7 * c.score - 0.3 * overlap;
      if (overlap <= 0.5 && mmr > pickScore) {
        pick = i;
        pickScore = mmr;
      }
    });
    if (pick < 0) break;
    bullets.push(pool.splice(pick, 1)[0] as Candidate);
  }
  // Other outlets' headlines say what each adds when the descriptions ran out.
  for (const a of byTime) {
    if (bullets.length >= NEWS_LIMITS.bulletPoints) break;
    if (a.title === title) continue;
    const c = { text: clip(`${a.source}: ${a.title}`, 200), vector: weighted(a.title, idf), score: 0 };
    if (!redundant(c, bullets)) bullets.push(c);
  }

  const allText = byTime.map((a) => `${a.title}. ${a.description}`).join(' ');
  const scores = scoreCategories(`${title}. ${allText}`);
  const best = scores.reduce((x, y) => (y.score > x.score ? y : x), {
    category: 'Other',
    score: 0,
    matches: [],
  } as (typeof scores)[number]);
  const sources = [...new Set(byTime.map((a) => a.source))];

  return {
    title: clip(title, 200),
    summary,
    bulletPoints: bullets.map((b) => b.text),
    keywords: keywordsOf(`${title}. ${title}. ${allText}`, NEWS_LIMITS.keywords, idf),
    category: best.score > 3 ? best.category : 'Other',
    source: earliest.source,
    sources,
    publishedAt: byTime[byTime.length - 1]?.publishedAt ?? earliest.publishedAt,
  };
}
