import { z } from 'zod';
import { NEWS_LIMITS } from '#shared/rules/news.ts';

// SPEC.md §3 'News topic' and §7 /api/enhanced-hot-topics, /api/hot-topics.

export { NEWS_LIMITS };

const NewsTrendSchema = z.enum(['breaking', 'developing', 'stable']);
const NewsTypeSchema = z.enum(['newsapi', 'news', 'breaking', 'community', 'user_predictions']);

const NewsArticleSchema = z.object({
  title: z.string(),
  source: z.string(),
  url: z.string(),
  publishedAt: z.string(),
});

const NewsTopicSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  bulletPoints: z.array(z.string()),
  category: z.string(),
  source: z.string(),
  trend: NewsTrendSchema,
  articles: z.array(NewsArticleSchema),
  newsContext: z.object({ primarySource: z.string(), articleCount: z.number().int() }),
  keywords: z.array(z.string()),
  publishedAt: z.string(),
  type: NewsTypeSchema,
  /** A labelled demo story, shown only while no real story has been fetched. */
  isDemo: z.boolean(),
});
export type NewsTopic = z.infer<typeof NewsTopicSchema>;

const NewsMetricsSchema = z.object({
  totalArticles: z.number().int(),
  totalStories: z.number().int(),
  sources: z.number().int(),
  lastRefresh: z.string().nullable(),
});

export const EnhancedHotTopicsReplySchema = z.object({
  success: z.literal(true),
  topics: z.array(NewsTopicSchema),
  timestamp: z.string(),
  newsMetrics: NewsMetricsSchema,
  enhanced: z.literal(true),
});
export type EnhancedHotTopicsReply = z.infer<typeof EnhancedHotTopicsReplySchema>;

/** The plain fallback: the same stories without their article lists. */
export const HotTopicsFallbackReplySchema = z.object({
  success: z.literal(true),
  topics: z.array(NewsTopicSchema),
  timestamp: z.string(),
  enhanced: z.literal(false),
});
export type HotTopicsFallbackReply = z.infer<typeof HotTopicsFallbackReplySchema>;
