import { HOT_TOPIC_THRESHOLDS, HOT_TOPICS } from '#shared/rules/hot-topics.ts';
import {
  COMMUNITY_MESSAGES as MSG,
  type Comment,
  type CommunityTopic,
  type FaqFeedbackBody,
  type InteractionsReply,
  type VoteReply,
} from '#shared/schemas/community.ts';
import type { Dialect } from '#server/db/connect.ts';
import type { Db } from '#server/db/database.ts';
import {
  isForeignKeyViolation,
  isNoDataFound,
  isSerializationFailure,
  lockMemberPrediction,
  nowIso,
} from '#server/db/dialect.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Member } from '#server/plugins/auth.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import {
  applyCounterDeltas,
  hotCandidates,
  insertComment,
  insertFaqFeedback,
  toggleVoteInOneStatement,
  toggleVoteRow,
  votesOfMember,
} from './community.repository.ts';
import { authorReliabilities, toTopic } from './topics.ts';
import { EXPLORE_VERSION_KEY } from '#server/features/explore/explore-cache.ts';
import { attachResolutions } from '#server/features/resolution/resolution.service.ts';

export interface CommunityServiceDeps {
  db: Db;
  dialect: Dialect;
  cache: ReplyCache;
}

export function createCommunityService({ db, dialect, cache }: CommunityServiceDeps) {
  // Members' predictions first; demo ones fill the carousel while fewer than ten qualify, so the
  // first real one does not shrink it from ten cards to one (decision 008).
  async function rankHotTopics(): Promise<CommunityTopic[]> {
    const real = await rankCandidates(false);
    if (real.length >= HOT_TOPICS.count) return real;
    const demo = await rankCandidates(true);
    return [...real, ...demo.slice(0, HOT_TOPICS.count - real.length)].map((topic, i) => ({
      ...topic,
      qualityRank: i + 1,
    }));
  }

  async function rankCandidates(demo: boolean): Promise<CommunityTopic[]> {
    const now = Date.now();
    const candidates = await hotCandidates(
      db,
      HOT_TOPIC_THRESHOLDS.predictionReliability,
      HOT_TOPICS.candidates,
      demo,
    );
    if (candidates.length === 0) return [];
    const reliability = await authorReliabilities(
      db,
      candidates.map((c) => c.userId),
    );
    const perAuthor = new Map<number, number>();
    const topics: CommunityTopic[] = [];
    for (const c of candidates) {
      const score = reliability.get(c.userId) ?? null;
      if (score === null || score < HOT_TOPIC_THRESHOLDS.userReliability) continue;
      const n = perAuthor.get(c.userId) ?? 0;
      if (n >= HOT_TOPICS.perAuthor) continue;
      perAuthor.set(c.userId, n + 1);
      topics.push(toTopic(c, topics.length + 1, score, now));
      if (topics.length >= HOT_TOPICS.count) break;
    }
    return topics;
  }

  /** The serialised reply, metadata first so the `cached` flag is cheap to flip. */
  async function hotTopicsJson(): Promise<string> {
    const { value, cached } = await cache.getOrBuild(HOT_TOPICS.cacheKey, HOT_TOPICS.cacheTtlMs, async () => {
      // Every prediction reply carries its resolution (issue 26): one batched read for the ten.
      const topics = await attachResolutions(db, await rankHotTopics());
      return JSON.stringify({
        success: true,
        metadata: {
          cached: true,
          count: topics.length,
          qualityFiltered: true,
          thresholds: { ...HOT_TOPIC_THRESHOLDS },
          generated: nowIso(),
        },
        topics,
      });
    });
    return cached ? value : value.replace('"cached":true', '"cached":false');
  }

  const voteConflict = () =>
    new AppError(409, 'VOTE_CONFLICT', 'Your vote changed at the same time. Please try again.');

  /** PostgreSQL: one statement (a function of migration 010), so one round trip a toggle. */
  async function voteInOneStatement(member: Member, predictionId: number, value: 1 | -1) {
    for (let attempt = 0; ; attempt++) {
      try {
        const { kind, counts } = await toggleVoteInOneStatement(db, predictionId, member.id, value);
        return { counts, action: kind === 'removed' ? '' : value === 1 ? 'liked' : 'disliked' } as const;
      } catch (err) {
        if (isForeignKeyViolation(err) || isNoDataFound(err)) throw notFound(MSG.notFound);
        if (isSerializationFailure(err)) {
          if (attempt < 4) continue;
          throw voteConflict();
        }
        throw err;
      }
    }
  }

  /** SQLite: the same steps in one in-process transaction (statements cost microseconds here). */
  async function voteInTransaction(member: Member, predictionId: number, value: 1 | -1) {
    return db.transaction().execute(async (trx) => {
      // Parallel clicks by one member on one prediction queue up instead of racing each other.
      await lockMemberPrediction(trx, dialect, predictionId, member.id);
      for (let attempt = 0; attempt < 5; attempt++) {
        let change: Awaited<ReturnType<typeof toggleVoteRow>>;
        try {
          change = await toggleVoteRow(trx, predictionId, member.id, value);
        } catch (err) {
          if (isForeignKeyViolation(err)) throw notFound(MSG.notFound);
          throw err;
        }
        if (change.kind === 'raced') continue;
        const own = value === 1 ? 'likes' : 'dislikes';
        const other = value === 1 ? 'dislikes' : 'likes';
        const delta =
          change.kind === 'removed'
            ? { [own]: -1 }
            : change.kind === 'switched'
              ? { [own]: 1, [other]: -1 }
              : { [own]: 1 };
        // Private or flagged: nothing was counted, and the vote row is rolled back with the throw.
        const counts = await applyCounterDeltas(trx, predictionId, delta);
        if (!counts) throw notFound(MSG.notFound);
        const action = change.kind === 'removed' ? '' : value === 1 ? 'liked' : 'disliked';
        return { counts, action } as const;
      }
      throw voteConflict();
    });
  }

  async function vote(member: Member, predictionId: number, value: 1 | -1): Promise<VoteReply> {
    const result =
      dialect === 'postgres'
        ? await voteInOneStatement(member, predictionId, value)
        : await voteInTransaction(member, predictionId, value);
    // The counts show in the hot topics and on every explore page that lists it.
    await cache.invalidate(HOT_TOPICS.cacheKey, EXPLORE_VERSION_KEY);
    return {
      success: true,
      likes_count: result.counts.likes,
      dislikes_count: result.counts.dislikes,
      user_action: result.action,
      message: result.action === '' ? MSG.voteRemoved : result.action === 'liked' ? MSG.liked : MSG.disliked,
    };
  }

  async function addComment(member: Member, predictionId: number, text: string) {
    const result = await db.transaction().execute(async (trx) => {
      let comment: Comment;
      try {
        comment = await insertComment(trx, {
          predictionId,
          userId: member.id,
          username: member.username,
          text,
          createdAt: nowIso(),
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound(MSG.notFound);
        throw err;
      }
      const counts = await applyCounterDeltas(trx, predictionId, { comments: 1 });
      if (!counts) throw notFound(MSG.notFound);
      return { comment, comments_count: counts.comments };
    });
    await cache.invalidate(HOT_TOPICS.cacheKey, EXPLORE_VERSION_KEY);
    return result;
  }

  async function interactions(member: Member, predictionIds: readonly number[]): Promise<InteractionsReply> {
    return { success: true, interactions: await votesOfMember(db, member.id, predictionIds) };
  }

  async function faqFeedback(body: FaqFeedbackBody, member: Member | null): Promise<number> {
    const email = body.userEmail?.trim() || null;
    return insertFaqFeedback(db, {
      faqIndex: body.faqIndex,
      faqQuestion: body.faqQuestion.trim(),
      feedbackType: body.feedbackType,
      userEmail: email,
      // SPEC.md §5: the comment box exists only for a dislike.
      userComment: body.feedbackType === 'dislike' ? body.userComment?.trim() || null : null,
      subscribe: Boolean(body.subscribeToAnalytics && email),
      userId: member?.id ?? null,
    });
  }

  return { rankHotTopics, hotTopicsJson, vote, addComment, interactions, faqFeedback };
}
