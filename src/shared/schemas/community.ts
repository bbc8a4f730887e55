import { z } from 'zod';
import { ResolutionSchema } from './resolution-state.ts';
import { COMMENT_MAX_LENGTH } from '#shared/rules/community.ts';
import { COMMUNITY_MESSAGES, FEEDBACK_MESSAGES } from '#shared/rules/community-messages.ts';
import { faqFeedbackEmailProblem } from '#shared/rules/faq-feedback.ts';

// The community contracts (SPEC.md §3 'Community prediction topic', 'Like/dislike result',
// 'User interactions', 'FAQ feedback'; §5 'Comment', 'FAQ feedback'; §7): used by the Fastify
// routes and by the home page.

// Zod-free, so the home page can use them without shipping Zod (docs/decisions/003).
export { COMMENT_MAX_LENGTH, COMMUNITY_MESSAGES };

const UserActionSchema = z.enum(['liked', 'disliked', '']);

/** @public */
export const CommentSchema = z.object({
  id: z.number().int(),
  comment_text: z.string(),
  text: z.string(),
  username: z.string(),
  user_id: z.number().int(),
  created_at: z.string(),
  timestamp: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommunityTopicSchema = z.object({
  id: z.number().int(),
  predictionId: z.number().int(),
  title: z.string(),
  predictionText: z.string(),
  aiAnalysis: z.string(),
  communityInsight: z.string(),
  aiGenerated: z.boolean(),
  category: z.string(),
  categories: z.array(z.string()),
  trend: z.string(),
  engagement: z.object({ likes: z.number().int(), dislikes: z.number().int(), comments: z.number().int() }),
  engagement_score: z.number(),
  hot_score: z.number(),
  comments: z.array(CommentSchema),
  userReliability: z.number().nullable(),
  reliabilityScore: z.number().nullable(),
  qualityRank: z.number().int(),
  avgRating: z.number().nullable(),
  username: z.string(),
  user_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  timestamp: z.string(),
  tags: z.array(z.string()),
  keywords: z.array(z.string()),
  /** Part of the labelled demo community (docs/decisions/008-community-and-hot-topics.md). */
  isDemo: z.boolean(),
});
export type CommunityTopic = z.infer<typeof CommunityTopicSchema>;

const HotTopicsMetadataSchema = z.object({
  count: z.number().int(),
  qualityFiltered: z.boolean(),
  thresholds: z.object({ predictionReliability: z.number(), userReliability: z.number() }),
  cached: z.boolean(),
  generated: z.string(),
});

export const HotTopicsReplySchema = z.object({
  success: z.literal(true),
  /** Each with its resolution (issue 26), as every prediction reply. */
  topics: z.array(CommunityTopicSchema.extend({ resolution: ResolutionSchema })),
  metadata: HotTopicsMetadataSchema,
});
export type HotTopicsReply = z.infer<typeof HotTopicsReplySchema>;

export const PredictionIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'Prediction not found' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const VoteReplySchema = z.object({
  success: z.literal(true),
  likes_count: z.number().int(),
  dislikes_count: z.number().int(),
  user_action: UserActionSchema,
  message: z.string(),
});
export type VoteReply = z.infer<typeof VoteReplySchema>;

export const CommentsReplySchema = z.object({
  success: z.literal(true),
  comments: z.array(CommentSchema),
  comments_count: z.number().int(),
});
export type CommentsReply = z.infer<typeof CommentsReplySchema>;

export const CommentBodySchema = z.object({
  comment: z
    .string({ message: COMMUNITY_MESSAGES.commentRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.commentRequired)
    .max(COMMENT_MAX_LENGTH, COMMUNITY_MESSAGES.commentTooLong),
});

export const CommentPostReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  comment: CommentSchema,
  comments_count: z.number().int(),
});
export type CommentPostReply = z.infer<typeof CommentPostReplySchema>;

/** At most one carousel's worth of ids, with room to spare. */
const INTERACTIONS_MAX_IDS = 200;

export const InteractionsBodySchema = z.object({
  predictionIds: z
    .array(
      z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { message: 'predictionIds must be a list of ids' },
    )
    .max(INTERACTIONS_MAX_IDS, `At most ${INTERACTIONS_MAX_IDS} ids at a time`),
});

export const InteractionsReplySchema = z.object({
  success: z.literal(true),
  interactions: z.record(z.string(), z.enum(['liked', 'disliked'])),
});
export type InteractionsReply = z.infer<typeof InteractionsReplySchema>;

// ── FAQ feedback ──

const FAQ_COUNT = 10;

export const FaqFeedbackBodySchema = z
  .object({
    faqIndex: z
      .number()
      .int()
      .min(0)
      .max(FAQ_COUNT - 1),
    faqQuestion: z.string().trim().min(1).max(300),
    feedbackType: z.enum(['like', 'dislike']),
    userEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, FEEDBACK_MESSAGES.feedbackEmailInvalid)
      .optional()
      .nullable(),
    userComment: z.string().trim().max(1000).optional().nullable(),
    subscribeToAnalytics: z.boolean().optional().default(false),
  })
  .superRefine((body, ctx) => {
    const problem = faqFeedbackEmailProblem(
      body.feedbackType,
      body.userEmail ?? '',
      body.subscribeToAnalytics,
    );
    if (problem) ctx.addIssue({ code: 'custom', path: ['userEmail'], message: problem });
  });
export type FaqFeedbackBody = z.input<typeof FaqFeedbackBodySchema>;

export const FaqFeedbackReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});
