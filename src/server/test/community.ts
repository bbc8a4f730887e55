import { engagementScore, hotScore } from '#server/features/community/hot-score.ts';
import { recordPredictionInRollups } from '#server/features/predictions/rollups.repository.ts';
import type { TestApp } from './helpers.ts';

// Predictions for community tests, written the way the predictions feature stores them (row,
// categories, rollups, initial hot score), with any date and counts.

let counter = 0;

export interface PredictionFixture {
  userId: number;
  text?: string;
  category?: string;
  reliability?: number | null;
  isPublic?: boolean;
  isFlagged?: boolean;
  isDemo?: boolean;
  createdAt?: string;
  likes?: number;
  dislikes?: number;
  comments?: number;
}

export async function prediction(t: TestApp, p: PredictionFixture): Promise<number> {
  const createdAt = p.createdAt ?? new Date().toISOString();
  const text = p.text ?? `By 2031 solar panels will cover ${++counter}% of European rooftops.`;
  const likes = p.likes ?? 0;
  const dislikes = p.dislikes ?? 0;
  const comments = p.comments ?? 0;
  const engagement = engagementScore(likes, dislikes, comments);
  const category = p.category ?? 'Technology';
  const reliability = p.reliability === undefined ? 80 : p.reliability;
  const row = await t.database.db
    .insertInto('predictions')
    .values({
      user_id: p.userId,
      prediction_text: text,
      category,
      categories: category,
      is_public: p.isPublic === false ? 0 : 1,
      text_length: text.length,
      text_quality_score: reliability === null ? null : reliability / 100,
      sentiment_score: 0,
      reliability_score: reliability,
      is_flagged: p.isFlagged ? 1 : 0,
      likes_count: likes,
      dislikes_count: dislikes,
      comments_count: comments,
      engagement_score: engagement,
      hot_score: hotScore(engagement, createdAt),
      is_demo: p.isDemo ? 1 : 0,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('prediction_categories')
    .values({ prediction_id: row.id, category })
    .execute();
  await recordPredictionInRollups(t.database.db, {
    createdAt,
    userId: p.userId,
    categories: [category],
    isPublic: p.isPublic !== false,
    isFlagged: Boolean(p.isFlagged),
    reliabilityScore: reliability,
    tier: null,
    textLength: text.length,
  });
  return row.id;
}

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
