import { suggestCategories } from '#shared/rules/category-suggestion.ts';
import { proposeResolveBy } from '#shared/rules/resolve-by.ts';
import { HOT_TOPIC_THRESHOLDS, HOT_TOPICS } from '#shared/rules/hot-topics.ts';
import { usernameKey } from '#shared/rules/validation.ts';
import {
  type DailyActivityReply,
  type MemberPrediction,
  type MemberStatsReply,
  PREDICTION_MESSAGES as MSG,
  type PreviewReply,
  parseCategoryList,
  type ReliabilityReply,
  type SubmitPredictionBody,
  type SubmitStatsReply,
} from '#shared/schemas/predictions.ts';
import type { Db } from '#server/db/database.ts';
import { lockDuplicateBands } from '#server/db/dialect.ts';
import { conflict, forbidden } from '#server/errors.ts';
import type { Member } from '#server/plugins/auth.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import { analyzePrediction, qualityTier } from '#server/scoring/engine.ts';
import { trackRecordOf, withResolutionsOfAuthor } from '#server/features/resolution/resolution.service.ts';
import { resolutionView } from '#server/features/resolution/resolution-view.ts';
import { findDuplicate, signature } from '#server/scoring/near-duplicate.ts';
import { countsByDay, lastDays, memberStats } from './member-stats.ts';
import {
  activityOfUser,
  authorHistory,
  findDuplicateCandidates,
  insertCategories,
  insertLshBands,
  insertPrediction,
  listPredictionsOfUser,
  memberJoinedAt,
  type NewPredictionRecord,
  predictionsSinceDay,
  recordToMemberPrediction,
  usersJoinedSince,
} from './predictions.repository.ts';
import { recordPredictionInRollups } from './rollups.repository.ts';
import { EXPLORE_VERSION_KEY } from '#server/features/explore/explore-cache.ts';

export interface PredictionsServiceDeps {
  db: Db;
  /** The app's reply cache, whose hot topics a new qualifying prediction invalidates. */
  cache?: ReplyCache | undefined;
  /** The clock (tests and the demo seed move it). */
  now?: () => Date;
  /** How long the public submit-screen counters are reused; they move slowly. */
  submitStatsTtlMs?: number;
}

/** The member asking, as far as the service needs to know them. */
export type Author = Pick<Member, 'id' | 'username'>;

export interface SubmitOptions {
  /** Marks demo content (src/server/demo). */
  isDemo?: boolean;
  /** Publication time; defaults to now. */
  at?: Date;
}

export interface SubmitOutcome {
  prediction: MemberPrediction;
  /** Present when the prediction was published but flagged (SPEC.md §4 'flagged with a warning'). */
  warning: { message: string; warning: string; suggestions: string[] } | null;
}

const WEEK_DAYS = 7;
const DAY_MS = 86_400_000;

/** The primary category: the first chosen, else the classifier's best guess, else 'Other'. */
function primaryCategory(text: string, chosen: readonly string[]): string {
  return chosen[0] ?? suggestCategories(text)[0]?.category ?? 'Other';
}

export function createPredictionsService({
  db,
  cache,
  now = () => new Date(),
  submitStatsTtlMs = 10_000,
}: PredictionsServiceDeps) {
  let cachedSubmitStats: { at: number; value: Promise<SubmitStatsReply> } | null = null;

  /** Owner-only calls (ARCHITECTURE.md § API): another member's name is a 403, whether or not it exists. */
  function requireOwner(member: Author, username: string): void {
    if (usernameKey(username) !== usernameKey(member.username)) {
      throw forbidden('You can only view your own statistics', 'NOT_OWNER');
    }
  }

  async function submit(
    author: Author,
    body: SubmitPredictionBody,
    options: SubmitOptions = {},
  ): Promise<SubmitOutcome> {
    const text = body.prediction_text;
    const chosen = parseCategoryList(body.categories);
    const isPublic = body.visibility ?? true;
    const at = options.at ?? now();
    const category = primaryCategory(text, chosen);

    const analysis = analyzePrediction({
      text,
      categories: chosen,
      author: await authorHistory(db, author.id),
      now: at,
    });
    if (analysis.verdict === 'reject') {
      const reasoning = analysis.flag_reasoning;
      throw forbidden(
        MSG.rejected(analysis.flag_reason ?? 'it breaks the community guidelines'),
        'PREDICTION_REJECTED',
        {
          reason: analysis.flag_reason,
          category: reasoning?.category ?? null,
          explanation: reasoning?.detailed_explanation ?? null,
          recommendations: reasoning?.improvement_tips ?? [],
        },
      );
    }

    // The tier of the stored (rounded) score, so rollups equal a GROUP BY on reliability_score.
    const tier = qualityTier(analysis.reliability_score);
    const { bands } = signature(text);
    const categories = chosen.length ? chosen : [category];
    const createdAt = at.toISOString();

    const record: NewPredictionRecord = {
      userId: author.id,
      text,
      category,
      chosen: chosen.length ? chosen.join(',') : null,
      isPublic,
      textQualityScore: analysis.text_quality_score,
      sentimentScore: analysis.sentiment_score,
      reliabilityScore: analysis.reliability_score,
      isFlagged: analysis.is_flagged,
      flagReason: analysis.flag_reason,
      flagReasoning: analysis.flag_reasoning,
      suggestions: analysis.suggestions,
      analysis: { tier, language: analysis.language, reasons: analysis.reasons },
      scoringVersion: analysis.version,
      isDemo: options.isDemo ?? false,
      createdAt,
      // Absent: proposed from the text (and said so); null: the member wants no date.
      targetDate: body.resolve_by === undefined ? proposeResolveBy(text, at) : body.resolve_by,
      targetDateInferred: body.resolve_by === undefined && proposeResolveBy(text, at) !== null,
      confidence: body.confidence ?? null,
    };

    const id = await db.transaction().execute(async (trx) => {
      // Inside the transaction, after the band locks (PostgreSQL; SQLite serialises writers):
      // two copies sent at once cannot both pass the check.
      await lockDuplicateBands(trx, bands);
      const candidates = await findDuplicateCandidates(trx, bands, author.id);
      const duplicate = findDuplicate(text, candidates);
      if (duplicate) {
        const match = candidates.find((c) => c.id === duplicate.id);
        const own = match?.userId === author.id;
        // Named only when the author may open it: their own, or one anyone may see.
        const openable = own || match?.listed === true;
        throw conflict(own ? MSG.duplicateOwn : MSG.duplicate, 'DUPLICATE_PREDICTION', {
          duplicateOf: openable ? duplicate.id : null,
          similarity: Math.round(duplicate.similarity * 100) / 100,
        });
      }
      const predictionId = await insertPrediction(trx, record);
      await insertCategories(trx, predictionId, categories);
      await insertLshBands(trx, predictionId, bands);
      await recordPredictionInRollups(trx, {
        createdAt,
        userId: author.id,
        categories,
        isPublic,
        isFlagged: analysis.is_flagged,
        reliabilityScore: analysis.reliability_score,
        tier,
        textLength: text.length,
      });
      return predictionId;
    });

    // A listed prediction shows in the explore pages at once, and among the hot topics if it may
    // rank there, not after the caches' TTL.
    if (isPublic && !analysis.is_flagged) {
      const ranks = analysis.reliability_score >= HOT_TOPIC_THRESHOLDS.predictionReliability;
      await cache?.invalidate(EXPLORE_VERSION_KEY, ...(ranks ? [HOT_TOPICS.cacheKey] : []));
    }
    const prediction = {
      ...recordToMemberPrediction(id, record),
      resolution: resolutionView(record.targetDate, null, now()),
    };
    const reasoning = analysis.flag_reasoning;
    return {
      prediction,
      warning:
        analysis.is_flagged && reasoning
          ? {
              message: reasoning.ai_generated ? MSG.aiDetected : MSG.publishedWithWarning,
              warning: `${reasoning.reason}. ${reasoning.detailed_explanation}`,
              suggestions: reasoning.improvement_tips,
            }
          : null,
    };
  }

  async function mine(member: Author): Promise<MemberPrediction[]> {
    return withResolutionsOfAuthor(db, member.id, await listPredictionsOfUser(db, member.id), now());
  }

  /**
   * What the member would get if they published now: the same engine on the same inputs, nothing
   * stored, and no duplicate check (that would reveal others' private texts, one guess at a time).
   */
  async function preview(author: Author, body: SubmitPredictionBody): Promise<PreviewReply> {
    const text = body.prediction_text;
    const at = now();
    const analysis = analyzePrediction({
      text,
      categories: parseCategoryList(body.categories),
      author: await authorHistory(db, author.id),
      now: at,
    });
    const reasons = analysis.reasons
      .filter((r) => r.code !== 'base' && r.effect !== 0)
      .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect))
      .slice(0, 3);
    const reasoning = analysis.flag_reasoning;
    return {
      success: true,
      quality_percent: analysis.reliability_score,
      tier: qualityTier(analysis.reliability_score),
      reasons,
      flag:
        analysis.is_flagged && reasoning ? { reason: reasoning.reason, severity: reasoning.severity } : null,
      rejected: analysis.verdict === 'reject',
      proposed_resolve_by: proposeResolveBy(text, at),
    };
  }

  async function stats(member: Author): Promise<MemberStatsReply> {
    const [rows, joined, track] = await Promise.all([
      activityOfUser(db, member.id),
      memberJoinedAt(db, member.id),
      trackRecordOf(db, member.id, 'own'),
    ]);
    return { success: true, ...memberStats(rows, now(), joined ?? now().toISOString(), track) };
  }

  async function reliability(member: Author, username: string): Promise<ReliabilityReply> {
    requireOwner(member, username);
    const [rows, track] = await Promise.all([
      activityOfUser(db, member.id),
      trackRecordOf(db, member.id, 'own'),
    ]);
    const { user_reliability } = memberStats(rows, now(), '', track);
    return { success: true, username: member.username, ...user_reliability };
  }

  async function dailyActivity(member: Author, username: string): Promise<DailyActivityReply> {
    requireOwner(member, username);
    const rows = await activityOfUser(db, member.id);
    return { success: true, username: member.username, dailyActivity: lastDays(countsByDay(rows), now()) };
  }

  /** Public counters of the submit screen, reused for a few seconds per instance. */
  function submitStats(): Promise<SubmitStatsReply> {
    const t = now().getTime();
    if (cachedSubmitStats && t - cachedSubmitStats.at < submitStatsTtlMs) return cachedSubmitStats.value;
    const value = computeSubmitStats();
    cachedSubmitStats = { at: t, value };
    value.catch(() => {
      cachedSubmitStats = null;
    });
    return value;
  }

  /** Rollups and an index range, never a scan. */
  async function computeSubmitStats(): Promise<SubmitStatsReply> {
    const t = now().getTime();
    const fromDay = new Date(t - (WEEK_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const [predictionsThisWeek, newUsersThisWeek] = await Promise.all([
      predictionsSinceDay(db, fromDay),
      usersJoinedSince(db, new Date(t - WEEK_DAYS * DAY_MS).toISOString()),
    ]);
    return { success: true, predictionsThisWeek, newUsersThisWeek };
  }

  return { submit, mine, preview, stats, reliability, dailyActivity, submitStats };
}
