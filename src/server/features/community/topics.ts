import { communityInsight } from '#shared/rules/community.ts';
import type { CommunityTopic } from '#shared/schemas/community.ts';
import type { TrackRecord } from '#shared/schemas/resolution.ts';
import type { Db } from '#server/db/database.ts';
import { clip, keywordsOf, sentences } from '#server/features/news/text.ts';
import { memberReliability } from '#server/features/predictions/reliability.ts';
import { authorRecords, type HotCandidate } from './community.repository.ts';

// How a stored prediction becomes a community topic (SPEC.md §3 'Community prediction topic'): one
// mapper for the hot topics and for the explore list and detail, so a card shows the same fields
// wherever it appears.

const DAY_MS = 86_400_000;

/** A text's keywords, by text: they never change, and finding them cost more than the rest of a card. */
const keywordMemo = new Map<string, string[]>();
const KEYWORD_MEMO_MAX = 5000;

function keywordsOfText(text: string): string[] {
  let keywords = keywordMemo.get(text);
  if (!keywords) {
    keywords = keywordsOf(text, 4);
    if (keywordMemo.size >= KEYWORD_MEMO_MAX) keywordMemo.clear();
    keywordMemo.set(text, keywords);
  }
  return keywords;
}

/** The first sentence, without its closing punctuation, at most 90 characters. */
export function titleOf(text: string): string {
  const first = sentences(text)[0] ?? text;
  // The look-behind starts a match only at the start of a run: linear however long the run.
  return clip(first.replace(/(?<![.!?])[.!?]+$/, ''), 90);
}

function analysisOf(c: HotCandidate): string {
  const score = c.reliabilityScore ?? 0;
  const strengths = c.analysisReasons
    .filter((r) => r.effect > 0)
    .sort((a, b) => b.effect - a.effect)
    .slice(0, 2)
    .map((r) => r.label.replace(/(?<!\.)\.+$/, '').toLowerCase());
  return strengths.length
    ? `Rated ${score}% for reliability: ${strengths.join('; ')}.`
    : `Rated ${score}% for reliability by the automated analysis.`;
}

function trendOf(c: HotCandidate, now: number): string {
  if (c.engagement >= 10) return 'hot';
  if (now - Date.parse(c.createdAt) < 2 * DAY_MS && c.engagement > 0) return 'rising';
  return 'stable';
}

/** The categories a prediction counts under: those chosen, else its primary one. */
function categoriesOf(c: HotCandidate): string[] {
  return c.categories
    ? [
        ...new Set(
          c.categories
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [c.category];
}

export function toTopic(
  c: HotCandidate,
  rank: number,
  userReliability: number | null,
  now: number,
): CommunityTopic {
  const categories = categoriesOf(c);
  const votes = c.likes + c.dislikes;
  return {
    id: c.id,
    predictionId: c.id,
    title: titleOf(c.text),
    predictionText: c.text,
    aiAnalysis: analysisOf(c),
    communityInsight: communityInsight({ likes: c.likes, dislikes: c.dislikes, comments: c.comments }),
    aiGenerated: false,
    category: c.category || 'Community Intelligence',
    categories,
    trend: trendOf(c, now),
    engagement: { likes: c.likes, dislikes: c.dislikes, comments: c.comments },
    engagement_score: c.engagement,
    hot_score: c.hotScore,
    comments: [],
    userReliability,
    reliabilityScore: c.reliabilityScore,
    qualityRank: rank,
    avgRating: votes ? Math.round((c.likes / votes) * 100) / 100 : null,
    username: c.username,
    user_id: c.userId,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    timestamp: c.createdAt,
    tags: categories,
    keywords: [...keywordsOfText(c.text)],
    isDemo: c.isDemo,
  };
}

/** Each author's overall reliability (null before anything was analysed), from their record; `track` (one author's track record) weighs in when given. */
export async function authorReliabilities(
  db: Db,
  userIds: readonly number[],
  track?: TrackRecord,
): Promise<Map<number, number | null>> {
  const records = await authorRecords(db, [...new Set(userIds)]);
  return new Map(
    records.map((r) => [
      r.userId,
      memberReliability(
        {
          total: r.total,
          flagged: r.flagged,
          scored: r.scored,
          scoreSum: r.scoreSum,
          textQualitySum: r.textQualitySum,
        },
        track,
      ).overall_reliability_score,
    ]),
  );
}

/** Topics in the given order, ranked from 1, each with its author's reliability. */
export async function toTopics(
  db: Db,
  candidates: readonly HotCandidate[],
  reliabilities: typeof authorReliabilities = authorReliabilities,
): Promise<CommunityTopic[]> {
  if (candidates.length === 0) return [];
  const now = Date.now();
  const reliability = await reliabilities(
    db,
    candidates.map((c) => c.userId),
  );
  return candidates.map((c, i) => toTopic(c, i + 1, reliability.get(c.userId) ?? null, now));
}
