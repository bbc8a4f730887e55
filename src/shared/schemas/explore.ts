import { z } from 'zod';
import { CATEGORIES } from '#shared/rules/categories.ts';
import { CommentsReplySchema, CommunityTopicSchema } from './community.ts';
import { MemberPredictionSchema } from './predictions.ts';
import { TrackRecordSchema } from './resolution.ts';
import { ResolutionSchema } from './resolution-state.ts';

// The explore contracts (issue 25): the community list, one prediction, its comments, deleting
// one's own content, and public profiles. Used by the Fastify routes and by the web pages.

/** @public Used by the web pages (the sort and status pickers, the limits). */
export const EXPLORE_SORTS = ['hot', 'new', 'top'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
/** @public */
export const EXPLORE_STATUSES = ['open', 'due', 'resolved'] as const;
/** @public */
export const EXPLORE_LIMITS = {
  defaultLimit: 20,
  maxLimit: 50,
  queryMin: 2,
  queryMax: 100,
  commentsDefaultLimit: 20,
  commentsMaxLimit: 100,
} as const;

export const EXPLORE_MESSAGES = {
  sort: 'sort must be one of: hot, new, top',
  category: `category must be one of: ${CATEGORIES.join(', ')}`,
  queryShort: `Search needs at least ${EXPLORE_LIMITS.queryMin} characters`,
  queryLong: `Search is limited to ${EXPLORE_LIMITS.queryMax} characters`,
  author: 'author must be a username',
  status: 'status must be one of: open, due, resolved',
  cursor: 'cursor is not valid: start again from the first page',
  limit: `limit must be a whole number from 1 to ${EXPLORE_LIMITS.maxLimit}`,
  commentsLimit: `limit must be a whole number from 1 to ${EXPLORE_LIMITS.commentsMaxLimit}`,
  predictionNotFound: 'Prediction not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'User not found',
  predictionDeleted: 'Prediction deleted',
  commentDeleted: 'Comment deleted',
} as const;

const CursorField = z
  .string({ message: EXPLORE_MESSAGES.cursor })
  .min(1, EXPLORE_MESSAGES.cursor)
  .max(200, EXPLORE_MESSAGES.cursor);

const limitField = (max: number, fallback: number, message: string) =>
  z.coerce.number({ message }).int(message).min(1, message).max(max, message).default(fallback);

// ── GET /api/predictions ──

export const ExploreQuerySchema = z.object({
  sort: z.enum(EXPLORE_SORTS, { message: EXPLORE_MESSAGES.sort }).default('new'),
  category: z.enum(CATEGORIES, { message: EXPLORE_MESSAGES.category }).optional(),
  q: z
    .string()
    .trim()
    .min(EXPLORE_LIMITS.queryMin, EXPLORE_MESSAGES.queryShort)
    .max(EXPLORE_LIMITS.queryMax, EXPLORE_MESSAGES.queryLong)
    .optional(),
  author: z
    .string({ message: EXPLORE_MESSAGES.author })
    .min(1, EXPLORE_MESSAGES.author)
    .max(64, EXPLORE_MESSAGES.author)
    .optional(),
  status: z.enum(EXPLORE_STATUSES, { message: EXPLORE_MESSAGES.status }).optional(),
  cursor: CursorField.optional(),
  limit: limitField(EXPLORE_LIMITS.maxLimit, EXPLORE_LIMITS.defaultLimit, EXPLORE_MESSAGES.limit),
});
/** @public */
export type ExploreQuery = z.input<typeof ExploreQuerySchema>;

/** A topic with its resolution (issue 26): every explore reply carries it. */
const ExploreTopicSchema = CommunityTopicSchema.extend({ resolution: ResolutionSchema });
/** @public */
export type ExploreTopic = z.infer<typeof ExploreTopicSchema>;

/** Each item has the fields of a /api/hot-topics/ai topic, so one card component serves both. */
export const ExploreListReplySchema = z.object({
  success: z.literal(true),
  predictions: z.array(ExploreTopicSchema),
  /** Opaque; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ExploreListReply = z.infer<typeof ExploreListReplySchema>;

// ── GET /api/predictions/:id ──

const AnalysisSummarySchema = z.object({
  /** 0..100; null while not analysed. */
  quality_percent: z.number().nullable(),
  tier: z.enum(['high', 'good', 'fair', 'needs_improvement']).nullable(),
  /** The reasons shown to users, each with its effect in quality points. */
  reasons: z.array(z.object({ code: z.string(), label: z.string(), effect: z.number() })),
});

/** @public */
export const PredictionDetailSchema = ExploreTopicSchema.extend({
  analysis: AnalysisSummarySchema,
  /** true when the requester wrote it (they may delete it). */
  is_owner: z.boolean(),
  /** true means public. Only the owner ever sees a private one. */
  visibility: z.boolean(),
  is_flagged: z.boolean(),
  /** The resolve-by day (YYYY-MM-DD) and the author's confidence (50–99), when given (issue 26). */
  resolve_by: z.string().nullable(),
  confidence: z.number().int().nullable(),
  /** The requester's own Agree (true) or Disagree (false) on the resolution; null when none or a guest. */
  my_resolution_vote: z.boolean().nullable(),
  /** The owner's view: everything the dashboard shows. Absent for everyone else. */
  owner_view: MemberPredictionSchema.optional(),
});
/** @public */
export type PredictionDetail = z.infer<typeof PredictionDetailSchema>;

export const PredictionDetailReplySchema = z.object({
  success: z.literal(true),
  prediction: PredictionDetailSchema,
});
export type PredictionDetailReply = z.infer<typeof PredictionDetailReplySchema>;

// ── GET /api/predictions/:id/comments?cursor=&limit= ──

export const CommentsPageQuerySchema = z.object({
  cursor: CursorField.optional(),
  limit: limitField(
    EXPLORE_LIMITS.commentsMaxLimit,
    EXPLORE_LIMITS.commentsDefaultLimit,
    EXPLORE_MESSAGES.commentsLimit,
  ),
});
/** @public */
export type CommentsPageQuery = z.input<typeof CommentsPageQuerySchema>;

/** Oldest first within a page; the first page is the latest, nextCursor leads to earlier ones. */
export const CommentsPageReplySchema = CommentsReplySchema.extend({
  nextCursor: z.string().nullable(),
});
export type CommentsPageReply = z.infer<typeof CommentsPageReplySchema>;

// ── DELETE /api/predictions/:id and /api/predictions/:id/comments/:commentId ──

export const CommentIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: EXPLORE_MESSAGES.predictionNotFound })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  commentId: z.coerce
    .number({ message: EXPLORE_MESSAGES.commentNotFound })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const DeleteReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** After a comment's deletion: the prediction's comment count. */
  comments_count: z.number().int().optional(),
});
export type DeleteReply = z.infer<typeof DeleteReplySchema>;

// ── GET /api/users/:username ──

export const PublicProfileReplySchema = z.object({
  success: z.literal(true),
  user: z.object({
    username: z.string(),
    created_at: z.string(),
    /** How many public, unflagged predictions the member has. */
    public_predictions: z.number().int(),
    reliability: z.object({
      overall_reliability_score: z.number().nullable(),
      label: z.enum(['excellent', 'good', 'fair', 'poor']).nullable(),
    }),
    is_demo: z.boolean(),
    /** The public track record: never counts private predictions. */
    track_record: TrackRecordSchema,
  }),
});
export type PublicProfileReply = z.infer<typeof PublicProfileReplySchema>;
