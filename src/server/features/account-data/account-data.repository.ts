import type { ExportPrediction } from '#shared/schemas/account-data.ts';
import type { Db } from '#server/db/database.ts';
import { flag, parseJson } from '#server/db/dialect.ts';

// All SQL of the data export (STYLE.md rule 2). Each read is one indexed range of the member's own
// rows: users (id), predictions (user_id, created_at), comments (prediction_id, created_at) for the
// comments on those predictions, comments (user_id, created_at) and votes (user_id, prediction_id).

export interface ExportProfile {
  id: number;
  username: string;
  email: string;
  createdAt: string;
  emailVerified: boolean;
  hasPassword: boolean;
  hasGoogle: boolean;
  digest: boolean;
  reminders: boolean;
}

export async function exportProfile(db: Db, userId: number): Promise<ExportProfile | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('digest_subscriptions as d', 'd.user_id', 'u.id')
    .leftJoin('resolution_reminder_optouts as o', 'o.user_id', 'u.id')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.created_at',
      'u.email_verified_at',
      'u.password_hash',
      'u.google_sub',
      'd.user_id as digest_user',
      'o.user_id as opted_out',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      username: row.username,
      email: row.email,
      createdAt: row.created_at,
      emailVerified: row.email_verified_at !== null,
      hasPassword: row.password_hash !== null,
      hasGoogle: row.google_sub !== null,
      digest: row.digest_user !== null,
      reminders: row.opted_out === null,
    }
  );
}

const categoriesOf = (primary: string, chosen: string | null): string[] => {
  const list = (chosen ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return list.length ? [...new Set(list)] : [primary];
};

const num = (v: number | null): number | null => (v === null ? null : Number(v));

/** The member's predictions with their analysis and counts, oldest first (comments filled in later). */
export async function exportPredictions(db: Db, userId: number): Promise<ExportPrediction[]> {
  const rows = await db
    .selectFrom('predictions as p')
    .leftJoin('resolutions as r', 'r.prediction_id', 'p.id')
    .selectAll('p')
    .select([
      'r.outcome',
      'r.evidence_url',
      'r.note',
      'r.first_resolved_at',
      'r.resolved_at as resolution_at',
      'r.agree',
      'r.disagree',
      'r.disputed',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => {
    const analysis = parseJson<{
      tier?: string;
      language?: string;
      reasons?: ExportPrediction['analysis']['reasons'];
    }>(r.analysis, {});
    return {
      id: r.id,
      text: r.prediction_text,
      created_at: r.created_at,
      updated_at: r.updated_at,
      visibility: flag(r.is_public) ? 'public' : 'private',
      category: r.category,
      categories: categoriesOf(r.category, r.categories),
      analysis: {
        quality_score: num(r.reliability_score),
        tier: analysis.tier ?? null,
        text_quality_score: num(r.text_quality_score),
        sentiment_score: num(r.sentiment_score),
        flagged: flag(r.is_flagged),
        flag_reason: r.flag_reason,
        flag_reasoning: parseJson<unknown>(r.flag_reasoning, null),
        reasons: analysis.reasons ?? [],
        suggestions: parseJson<unknown[]>(r.suggestions, []),
        language: analysis.language ?? null,
        scoring_version: r.scoring_version,
      },
      engagement: {
        likes: Number(r.likes_count),
        dislikes: Number(r.dislikes_count),
        comments: Number(r.comments_count),
      },
      comments: [],
      target_date: r.target_date,
      target_date_inferred: flag(r.target_date_inferred),
      confidence: num(r.confidence),
      resolution:
        r.outcome === null
          ? null
          : {
              outcome: r.outcome,
              evidence_url: r.evidence_url,
              note: r.note,
              first_resolved_at: r.first_resolved_at ?? '',
              resolved_at: r.resolution_at ?? '',
              agree: Number(r.agree ?? 0),
              disagree: Number(r.disagree ?? 0),
              disputed: flag(r.disputed),
            },
    };
  });
}

/** Every vote the member cast on others' resolutions, oldest first (resolution_votes_user_idx). */
export async function resolutionVotesBy(db: Db, userId: number) {
  const rows = await db
    .selectFrom('resolution_votes')
    .select(['prediction_id', 'agree', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('prediction_id')
    .execute();
  return rows.map((r) => ({
    prediction_id: r.prediction_id,
    agree: flag(r.agree),
    created_at: r.created_at,
  }));
}

export interface CommentOnPrediction {
  predictionId: number;
  id: number;
  userId: number;
  username: string;
  text: string;
  createdAt: string;
}

/** Every comment on the member's predictions, by anyone, oldest first per prediction. */
export async function commentsOnPredictionsOf(db: Db, userId: number): Promise<CommentOnPrediction[]> {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('comments as c', 'c.prediction_id', 'p.id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.prediction_id', 'c.id', 'c.user_id', 'u.username', 'c.comment_text', 'c.created_at'])
    .where('p.user_id', '=', userId)
    .orderBy('c.prediction_id')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    predictionId: r.prediction_id,
    id: r.id,
    userId: r.user_id,
    username: r.username,
    text: r.comment_text,
    createdAt: r.created_at,
  }));
}

/** Every comment the member wrote, oldest first. */
export async function commentsBy(db: Db, userId: number) {
  const rows = await db
    .selectFrom('comments')
    .select(['id', 'prediction_id', 'comment_text', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    prediction_id: r.prediction_id,
    text: r.comment_text,
    created_at: r.created_at,
  }));
}

/** Every vote the member cast, oldest first. */
export async function votesBy(db: Db, userId: number) {
  const rows = await db
    .selectFrom('votes')
    .select(['prediction_id', 'value', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('prediction_id')
    .execute();
  return rows.map((r) => ({
    prediction_id: r.prediction_id,
    vote: Number(r.value) === 1 ? ('like' as const) : ('dislike' as const),
    created_at: r.created_at,
  }));
}
