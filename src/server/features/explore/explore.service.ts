import { HOT_TOPICS } from '#shared/rules/hot-topics.ts';
import { isValidUsername, usernameKey } from '#shared/rules/validation.ts';
import {
  type CommentsPageReply,
  type DeleteReply,
  EXPLORE_MESSAGES as MSG,
  type ExploreListReply,
  type ExploreSort,
  type ExploreTopic,
  type PredictionDetailReply,
  type PublicProfileReply,
} from '#shared/schemas/explore.ts';
import { reliabilityLabel } from '#shared/schemas/predictions.ts';
import type { ReplyCache } from '#server/cache/reply-cache.ts';
import type { Db } from '#server/db/database.ts';
import { badRequest, notFound } from '#server/errors.ts';
import type { HotCandidate } from '#server/features/community/community.repository.ts';
import { HOME_STATS } from '#server/features/community/stats.service.ts';
import { authorReliabilities, titleOf, toTopics } from '#server/features/community/topics.ts';
import { findMemberPrediction } from '#server/features/predictions/predictions.repository.ts';
import { TRACK_RECORD_KEYS } from '#server/features/resolution/resolution-cache.ts';
import { findVote } from '#server/features/resolution/resolution.repository.ts';
import {
  attachResolutions,
  removePredictionFromTrackRecords,
  trackRecordOf,
} from '#server/features/resolution/resolution.service.ts';
import type { Member } from '#server/plugins/auth.ts';
import { qualityTier } from '#server/scoring/engine.ts';
import {
  decodeCommentsCursor,
  decodeListCursor,
  encodeCommentsCursor,
  encodeListCursor,
  type ListCursor,
} from './cursor.ts';
import { deleteComment, deletePredictions } from './deletion.repository.ts';
import { EXPLORE_VERSION_KEY } from './explore-cache.ts';
import {
  commentAuthor,
  commentsBefore,
  commentsCountOf,
  type ExploreStatus,
  findMemberByUsername,
  findPrediction,
  isListed,
  type ListFilters,
  listedByIds,
  listedCountOf,
  listPage,
  maxPredictionId,
  ownerOfPrediction,
  sortKeyOf,
} from './explore.repository.ts';
import { parseSearch } from './search-query.ts';
import { type SearchBudget, searchPredictions } from './search.repository.ts';

export interface ExploreServiceDeps {
  db: Db;
  /** The app's reply cache: deletions invalidate what showed the deleted content. */
  cache: ReplyCache;
  /** Replaces the search's per-request work bounds (tests). */
  searchBudget?: SearchBudget;
}

/** The list query after validation (ExploreQuerySchema's output). */
export interface ListQuery {
  sort: ExploreSort;
  category?: string | undefined;
  q?: string | undefined;
  author?: string | undefined;
  status?: ExploreStatus | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** What a shared link's preview says about a page (plugins/spa.ts). */
export interface PagePreview {
  title: string;
  description: string;
  /** The page's path, e.g. /p/42. */
  path: string;
  type: 'article' | 'profile';
}

const badCursor = () => badRequest(MSG.cursor, 'VALIDATION_ERROR');

/** How long an author's reliability is reused on cards: it moves only when they publish. */
const RELIABILITY_TTL_MS = 10_000;

/**
 * Authors' reliabilities, each kept for RELIABILITY_TTL_MS in this process. A card shows its
 * author's, and reading a prolific author's whole record for every page cost more than the page.
 */
function memoisedReliabilities(max = 10_000): typeof authorReliabilities {
  const memo = new Map<number, { at: number; score: number | null }>();
  return async (db, userIds) => {
    const now = Date.now();
    const out = new Map<number, number | null>();
    const missing: number[] = [];
    for (const id of new Set(userIds)) {
      const hit = memo.get(id);
      if (hit && now - hit.at < RELIABILITY_TTL_MS) out.set(id, hit.score);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const fresh = await authorReliabilities(db, missing);
      if (memo.size + missing.length > max) memo.clear();
      for (const id of missing) {
        const score = fresh.get(id) ?? null;
        out.set(id, score);
        memo.set(id, { at: now, score });
      }
    }
    return out;
  };
}

/** Every cached reply that can show a prediction, a comment or a count: invalidated by deletions. */
export const SHOWN_CONTENT_KEYS = [EXPLORE_VERSION_KEY, HOT_TOPICS.cacheKey, HOME_STATS.cacheKey];

export function createExploreService({ db, cache, searchBudget }: ExploreServiceDeps) {
  const empty: ExploreListReply = { success: true, predictions: [], nextCursor: null };
  const reliabilities = memoisedReliabilities();

  async function filtersOf(query: ListQuery): Promise<ListFilters | null> {
    const filters: ListFilters = { category: query.category, status: query.status };
    if (query.author !== undefined) {
      // No account has a name outside the username rule: nothing to look up (a NUL would be a 5xx on PostgreSQL).
      if (!isValidUsername(query.author)) return null;
      const author = await findMemberByUsername(db, usernameKey(query.author));
      if (!author) return null;
      filters.authorId = author.id;
    }
    return filters;
  }

  async function search(
    q: string,
    filters: ListFilters,
    cursor: ListCursor | null,
    limit: number,
  ): Promise<ExploreListReply> {
    if (cursor && cursor.s !== 'q') throw badCursor();
    const query = parseSearch(q);
    if (!query) return empty;
    const maxId = cursor?.m ?? (await maxPredictionId(db));
    const page = await searchPredictions(db, {
      query,
      filters,
      maxId,
      from: cursor ? { tier: cursor.t, below: cursor.b } : null,
      limit,
      ...(searchBudget ? { budget: searchBudget } : {}),
    });
    const predictions = await attachResolutions(db, await toTopics(db, page.found, reliabilities));
    const nextCursor = page.next
      ? encodeListCursor({ s: 'q', m: maxId, t: page.next.tier, b: page.next.below })
      : null;
    return { success: true, predictions, nextCursor };
  }

  function cursorAfter(sort: ExploreSort, maxId: number, last: HotCandidate): string {
    const i = last.id;
    if (sort === 'new') return encodeListCursor({ s: 'new', m: maxId, k: last.createdAt, i });
    return encodeListCursor({ s: sort, m: maxId, k: sortKeyOf(sort, last) as number, i });
  }

  /** GET /api/predictions: public, unflagged predictions in the asked order, or found by `q`. */
  async function list(query: ListQuery): Promise<ExploreListReply> {
    const cursor = query.cursor === undefined ? null : decodeListCursor(query.cursor);
    const filters = await filtersOf(query);
    if (!filters) return empty;
    if (query.q !== undefined) return search(query.q, filters, cursor, query.limit);
    if (cursor && (cursor.s === 'q' || cursor.s !== query.sort)) throw badCursor();
    const maxId = cursor?.m ?? (await maxPredictionId(db));
    const rows = await listPage(db, {
      sort: query.sort,
      filters,
      maxId,
      after: cursor ? { key: cursor.k, id: cursor.i } : null,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      success: true,
      predictions: await attachResolutions(db, await toTopics(db, page, reliabilities)),
      nextCursor: rows.length > query.limit && last ? cursorAfter(query.sort, maxId, last) : null,
    };
  }

  /**
   * GET /api/predictions/:id. Anyone sees a listed prediction; its owner also sees their private or
   * flagged one, with the dashboard's view of it. Everyone else gets the same 404 as for an id that
   * never existed.
   */
  async function detail(member: Member | null, id: number): Promise<PredictionDetailReply> {
    const record = await findPrediction(db, id);
    const own = record !== undefined && member !== null && record.candidate.userId === member.id;
    if (!record || !(own || (record.isPublic && !record.isFlagged))) throw notFound(MSG.predictionNotFound);
    // The owner's own view is never cached: their reliability is read afresh.
    const [topic] = (await attachResolutions(
      db,
      await toTopics(db, [record.candidate], own ? undefined : reliabilities),
    )) as [ExploreTopic];
    const score = record.candidate.reliabilityScore;
    const stored = own && member ? await findMemberPrediction(db, member.id, id) : undefined;
    const [ownerView] = stored ? await attachResolutions(db, [stored]) : [];
    const myVote =
      member && !own && topic.resolution.status === 'resolved' ? await findVote(db, id, member.id) : null;
    return {
      success: true,
      prediction: {
        ...topic,
        analysis: {
          quality_percent: score,
          tier: record.tier ?? (score === null ? null : qualityTier(score)),
          reasons: record.candidate.analysisReasons,
        },
        is_owner: own,
        visibility: record.isPublic,
        is_flagged: record.isFlagged,
        resolve_by: record.targetDate,
        confidence: record.confidence,
        my_resolution_vote: myVote,
        ...(ownerView ? { owner_view: ownerView } : {}),
      },
    };
  }

  /** GET /api/predictions/:id/comments: the latest page first, each page oldest to newest. */
  async function comments(id: number, query: { cursor?: string | undefined; limit: number }) {
    const cursor = query.cursor === undefined ? null : decodeCommentsCursor(query.cursor);
    if (!(await isListed(db, id))) throw notFound(MSG.predictionNotFound);
    const [rows, count] = await Promise.all([
      commentsBefore(db, id, cursor && { at: cursor.c, id: cursor.i }, query.limit + 1),
      commentsCountOf(db, id),
    ]);
    const page = rows.slice(0, query.limit);
    const oldest = page.at(-1);
    const reply: CommentsPageReply = {
      success: true,
      comments: page.reverse(),
      comments_count: count,
      nextCursor:
        rows.length > query.limit && oldest
          ? encodeCommentsCursor({ c: oldest.created_at, i: oldest.id })
          : null,
    };
    return reply;
  }

  /** GET /api/users/:username: what anyone may know about a member (never the email). */
  async function profile(username: string): Promise<PublicProfileReply> {
    const member = isValidUsername(username)
      ? await findMemberByUsername(db, usernameKey(username))
      : undefined;
    if (!member) throw notFound(MSG.userNotFound);
    const [count, track] = await Promise.all([
      listedCountOf(db, member.id),
      trackRecordOf(db, member.id, 'public'),
    ]);
    // Reliability weighs in the public track record, as the dashboard's does the member's own.
    const reliability = await authorReliabilities(db, [member.id], track);
    const score = reliability.get(member.id) ?? null;
    return {
      success: true,
      user: {
        username: member.username,
        created_at: member.createdAt,
        public_predictions: count,
        reliability: {
          overall_reliability_score: score,
          label: score === null ? null : reliabilityLabel(score),
        },
        is_demo: member.isDemo,
        track_record: track,
      },
    };
  }

  /** DELETE /api/predictions/:id: the owner only; anyone else hears the same 404 as for no prediction. */
  async function removePrediction(member: Member, id: number): Promise<DeleteReply> {
    await db.transaction().execute(async (trx) => {
      if ((await ownerOfPrediction(trx, id)) !== member.id) throw notFound(MSG.predictionNotFound);
      await removePredictionFromTrackRecords(trx, id);
      await deletePredictions(trx, [id]);
    });
    await cache.invalidate(...SHOWN_CONTENT_KEYS, ...TRACK_RECORD_KEYS);
    return { success: true, message: MSG.predictionDeleted };
  }

  /** DELETE /api/predictions/:id/comments/:commentId: the comment's author only. */
  async function removeComment(
    member: Member,
    predictionId: number,
    commentId: number,
  ): Promise<DeleteReply> {
    const count = await db.transaction().execute(async (trx) => {
      const comment = await commentAuthor(trx, commentId);
      if (!comment || comment.userId !== member.id || comment.predictionId !== predictionId)
        throw notFound(MSG.commentNotFound);
      const left = await deleteComment(trx, commentId, predictionId);
      if (left === null) throw notFound(MSG.commentNotFound);
      return left;
    });
    await cache.invalidate(...SHOWN_CONTENT_KEYS);
    return { success: true, message: MSG.commentDeleted, comments_count: count };
  }

  /** The preview of a shared /p/:id or /u/:username link; null for anything not public. */
  async function preview(path: string): Promise<PagePreview | null> {
    const p = /^\/p\/(\d{1,10})\/?$/.exec(path);
    if (p) {
      const id = Number(p[1]);
      if (id > 2 ** 31 - 1) return null;
      const [c] = await listedByIds(db, [id]);
      if (!c) return null;
      return {
        title: `${titleOf(c.text)} · Futurecast`,
        // By characters, so an emoji is never cut in half.
        description: [...`${c.username}'s prediction: ${c.text}`].slice(0, 300).join(''),
        path: `/p/${c.id}`,
        type: 'article',
      };
    }
    const u = /^\/u\/([A-Za-z0-9_]{1,20})\/?$/.exec(path);
    if (u) {
      const member = await findMemberByUsername(db, usernameKey(u[1] ?? ''));
      if (!member) return null;
      const count = await listedCountOf(db, member.id);
      return {
        title: `${member.username} · Futurecast`,
        description: `${member.username} has published ${count} public prediction${count === 1 ? '' : 's'} on Futurecast.`,
        path: `/u/${member.username}`,
        type: 'profile',
      };
    }
    return null;
  }

  return { list, detail, comments, profile, removePrediction, removeComment, preview };
}

export type ExploreService = ReturnType<typeof createExploreService>;
