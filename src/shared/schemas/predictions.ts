import { z } from 'zod';
import { isCategory, MAX_CATEGORIES_PER_PREDICTION } from '#shared/rules/categories.ts';
import { CONFIDENCE_RANGE, isCalendarDate, isoDay, RESOLVE_BY_LATEST } from '#shared/rules/resolve-by.ts';
import { ResolutionSchema } from './resolution-state.ts';

// The predictions contracts (SPEC.md §3, §5, §7): used by the Fastify routes and by the web client.

/** SPEC.md §9: 10 to 500 characters, 10 measured after trimming, 500 on the raw text. */
export const PREDICTION_LIMITS = {
  minTrimmed: 10,
  maxRaw: 500,
  /** The counter turns to its warning state above this. */
  warnAbove: 400,
  maxCategories: MAX_CATEGORIES_PER_PREDICTION,
} as const;

/** SPEC.md §5 'Prediction submission': shown by the UI as they are. */
export const PREDICTION_MESSAGES = {
  notLoggedIn: 'Please log in to submit predictions',
  tokenMissing: 'Authentication token missing. Please log in again.',
  textRequired: 'Prediction text is required',
  tooShort: 'Prediction must be at least 10 characters long',
  tooLong: 'Prediction text exceeds 500 characters',
  tooManyCategories: 'You can select maximum 3 categories',
  invalidCategories: (list: readonly string[]) => `Invalid categories: ${list.join(', ')}`,
  categoriesType: 'Categories must be a comma-separated list of category names, or null',
  visibilityType: 'Visibility must be true (public) or false (private)',
  duplicate: 'Duplicate prediction: a very similar prediction has already been published.',
  duplicateOwn: 'Duplicate prediction: you have already published this prediction.',
  published: 'Prediction published successfully',
  publishedWithWarning: 'Your prediction was published, but it has been flagged for review.',
  aiDetected: 'AI-generated content detected: your prediction was published with a warning.',
  rejected: (reason: string) => `Prediction not published: ${reason}.`,
  resolveByFormat: 'resolve_by must be a date written YYYY-MM-DD',
  resolveByPast: 'resolve_by must be a date after today',
  resolveByTooLate: `resolve_by must not be after ${RESOLVE_BY_LATEST}`,
  confidence: `confidence must be a whole number from ${CONFIDENCE_RANGE.min} to ${CONFIDENCE_RANGE.max}`,
} as const;

/** The first problem with a resolve-by date, or null: a calendar day after today (UTC), ≤ 2100-12-31. */
export function resolveByIssue(value: string, today: string = isoDay(new Date())): string | null {
  if (!isCalendarDate(value)) return PREDICTION_MESSAGES.resolveByFormat;
  if (value <= today) return PREDICTION_MESSAGES.resolveByPast;
  if (value > RESOLVE_BY_LATEST) return PREDICTION_MESSAGES.resolveByTooLate;
  return null;
}

/** The first problem with a prediction text, or null. Same rule in the form and on the server. */
export function predictionTextIssue(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return PREDICTION_MESSAGES.textRequired;
  if (trimmed.length < PREDICTION_LIMITS.minTrimmed) return PREDICTION_MESSAGES.tooShort;
  if (text.length > PREDICTION_LIMITS.maxRaw) return PREDICTION_MESSAGES.tooLong;
  return null;
}

/** 'Technology, Economy' → ['Technology', 'Economy']: trimmed, empty entries and repeats dropped. */
export function parseCategoryList(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
}

/** The first problem with a comma-joined category list, or null. */
function categoriesIssue(value: string | null | undefined): string | null {
  const list = parseCategoryList(value);
  if (list.length > PREDICTION_LIMITS.maxCategories) return PREDICTION_MESSAGES.tooManyCategories;
  const invalid = list.filter((c) => !isCategory(c));
  return invalid.length ? PREDICTION_MESSAGES.invalidCategories(invalid) : null;
}

// ── POST /api/predictions ──

export const SubmitPredictionBodySchema = z.object({
  /** Stored byte-for-byte as sent; the client trims before sending (SPEC.md §3). */
  prediction_text: z.string({ message: PREDICTION_MESSAGES.textRequired }).superRefine((text, ctx) => {
    const issue = predictionTextIssue(text);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  }),
  /** Comma-joined chosen categories, or null when none was chosen. */
  categories: z
    .string({ message: PREDICTION_MESSAGES.categoriesType })
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      const issue = categoriesIssue(value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
  /** true = public (the default). */
  visibility: z.boolean({ message: PREDICTION_MESSAGES.visibilityType }).optional(),
  /**
   * When the outcome should be known (issue 26). Absent: the server proposes one from the text;
   * null: the member wants none.
   */
  resolve_by: z
    .string({ message: PREDICTION_MESSAGES.resolveByFormat })
    .superRefine((value, ctx) => {
      const issue = resolveByIssue(value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    })
    .nullable()
    .optional(),
  /** 'How sure are you?': a whole number of percent, 50–99. */
  confidence: z
    .number({ message: PREDICTION_MESSAGES.confidence })
    .int(PREDICTION_MESSAGES.confidence)
    .min(CONFIDENCE_RANGE.min, PREDICTION_MESSAGES.confidence)
    .max(CONFIDENCE_RANGE.max, PREDICTION_MESSAGES.confidence)
    .nullable()
    .optional(),
});
export type SubmitPredictionBody = z.infer<typeof SubmitPredictionBodySchema>;

const SeveritySchema = z.enum(['low', 'medium', 'high']);

const FlagReasoningSchema = z.object({
  severity: SeveritySchema,
  category: z.string(),
  reason: z.string(),
  detailed_explanation: z.string(),
  improvement_tips: z.array(z.string()),
  ai_generated: z.boolean(),
});
export type FlagReasoning = z.infer<typeof FlagReasoningSchema>;

const PredictionSuggestionSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
  icon: z.string(),
  category: z.string(),
});
export type PredictionSuggestion = z.infer<typeof PredictionSuggestionSchema>;

const QualityTierSchema = z.enum(['high', 'good', 'fair', 'needs_improvement']);
export type QualityTier = z.infer<typeof QualityTierSchema>;

/** Why the score is what it is: each line's effect in quality points; they add up to the score. */
const AnalysisResultSchema = z.object({
  score: z.number().nullable(),
  tier: QualityTierSchema.nullable(),
  version: z.string().nullable(),
  language: z.string().nullable(),
  reasons: z.array(z.object({ code: z.string(), label: z.string(), effect: z.number() })),
});
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;

/** SPEC.md §3 'Member prediction (dashboard)': what the owner sees of each of their predictions. */
export const MemberPredictionSchema = z.object({
  id: z.number().int(),
  /** The primary category: the first chosen, or the classifier's pick when none was chosen. */
  category: z.string(),
  /** Every category the prediction counts under (the chosen ones, else the primary). */
  categories: z.array(z.string()),
  /** When it was published (ISO-8601, UTC). */
  timestamp: z.string(),
  prediction_text: z.string(),
  /** true means public. */
  visibility: z.boolean(),
  /** The quality percent, 0..100; null while not yet analysed. */
  reliability_score: z.number().nullable(),
  is_flagged: z.boolean(),
  flag_reason: z.string().nullable(),
  flag_reasoning: FlagReasoningSchema.nullable(),
  analysis_result: AnalysisResultSchema,
  suggestions: z.array(PredictionSuggestionSchema),
  /** 0..1 */
  text_quality_score: z.number().nullable(),
  /** −1..1 */
  sentiment_score: z.number().nullable(),
  /** What the community did with it: its likes, dislikes and comments. */
  engagement: z.object({ likes: z.number().int(), dislikes: z.number().int(), comments: z.number().int() }),
  /** Resolve-by day ('YYYY-MM-DD'), or null without one. */
  target_date: z.string().nullable(),
  /** true when the server proposed target_date from the text. */
  target_date_inferred: z.boolean(),
  /** The author's confidence, 50–99, or null. */
  confidence: z.number().int().nullable(),
  resolution: ResolutionSchema,
});
export type MemberPrediction = z.infer<typeof MemberPredictionSchema>;

const SubmittedPredictionSchema = MemberPredictionSchema.extend({
  /** The marker SPEC.md §7 says the client reads: published, but with a warning. */
  flagged: z.boolean(),
});

export const SubmitPredictionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  prediction: SubmittedPredictionSchema,
  /** Present when the prediction was published with a warning. */
  details: z.object({ warning: z.string(), suggestions: z.array(z.string()) }).optional(),
});
export type SubmitPredictionReply = z.infer<typeof SubmitPredictionReplySchema>;

// ── POST /api/predictions/preview ──

/** What the member would get if they published now: nothing is stored. */
export const PreviewReplySchema = z.object({
  success: z.literal(true),
  quality_percent: z.number(),
  tier: QualityTierSchema,
  /** The reasons with the largest effect first. */
  reasons: z.array(z.object({ code: z.string(), label: z.string(), effect: z.number() })),
  flag: z.object({ reason: z.string(), severity: SeveritySchema }).nullable(),
  /** Would it be refused outright (rather than published, maybe flagged)? */
  rejected: z.boolean(),
  /** The resolve-by date the server would store when none is sent; null when the text names none. */
  proposed_resolve_by: z.string().nullable(),
});
export type PreviewReply = z.infer<typeof PreviewReplySchema>;

// ── GET /api/my-predictions ──

export const MyPredictionsReplySchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  predictions: z.array(MemberPredictionSchema),
});

// ── Reliability (SPEC.md §3, §9) ──

const ReliabilityLabelSchema = z.enum(['excellent', 'good', 'fair', 'poor']);
export type ReliabilityLabel = z.infer<typeof ReliabilityLabelSchema>;

const ReliabilitySchema = z.object({
  /** 0..100; null until the member has published anything (the dashboard shows 'N/A'). */
  overall_reliability_score: z.number().nullable(),
  total_predictions: z.number().int(),
  flagged_predictions: z.number().int(),
  /** Mean text quality 0..1 of the member's analysed predictions; null without any. */
  avg_text_quality: z.number().nullable(),
  label: ReliabilityLabelSchema.nullable(),
});
export type Reliability = z.infer<typeof ReliabilitySchema>;

export const ReliabilityReplySchema = ReliabilitySchema.extend({
  success: z.literal(true),
  username: z.string(),
});
export type ReliabilityReply = z.infer<typeof ReliabilityReplySchema>;

export const UsernameParamsSchema = z.object({ username: z.string().min(1).max(64) });

// ── GET /api/auth/stats and /api/debug/daily-activity/{username} ──

const DailyActivitySchema = z.object({ date: z.string(), count: z.number().int() });
export type DailyActivity = z.infer<typeof DailyActivitySchema>;

const CategoryShareSchema = z.object({
  category: z.string(),
  count: z.number().int(),
  /** Share of all the member's category tags, 0..100 with one decimal. */
  percentage: z.number(),
});
export type CategoryShare = z.infer<typeof CategoryShareSchema>;

export const MemberStatsReplySchema = z.object({
  success: z.literal(true),
  totalPredictions: z.number().int(),
  /** Most used first. */
  categoryDistribution: z.array(CategoryShareSchema),
  /** The last 30 UTC days, oldest first, days without predictions included as 0. */
  dailyActivity: z.array(DailyActivitySchema),
  flaggedCount: z.number().int(),
  user_reliability: ReliabilitySchema,
  /** How many distinct categories the member has published in. */
  categoriesExplored: z.number().int(),
  /** The member's busiest UTC day ever; null before the first prediction. */
  bestDay: DailyActivitySchema.nullable(),
  publicCount: z.number().int(),
  privateCount: z.number().int(),
  /** Mean quality percent of the member's analysed predictions, 0..100; null without any. */
  averageScore: z.number().nullable(),
  memberSince: z.string(),
});
export type MemberStatsReply = z.infer<typeof MemberStatsReplySchema>;

export const DailyActivityReplySchema = z.object({
  success: z.literal(true),
  username: z.string(),
  dailyActivity: z.array(DailyActivitySchema),
});
export type DailyActivityReply = z.infer<typeof DailyActivityReplySchema>;

// ── GET /api/stats/submit ──

export const SubmitStatsReplySchema = z.object({
  success: z.literal(true),
  predictionsThisWeek: z.number().int(),
  newUsersThisWeek: z.number().int(),
});
export type SubmitStatsReply = z.infer<typeof SubmitStatsReplySchema>;

/** SPEC.md §9 'Default submit stats': shown until the counters load, and kept if they fail. */
export const DEFAULT_SUBMIT_STATS = { predictionsThisWeek: 2847, newUsersThisWeek: 93 } as const;

/** SPEC.md §9 'Reliability labels': 80+ excellent, 60+ good, 40+ fair, else poor. */
const RELIABILITY_LABEL_CUTOFFS = { excellent: 80, good: 60, fair: 40 } as const;

export function reliabilityLabel(score: number): ReliabilityLabel {
  if (score >= RELIABILITY_LABEL_CUTOFFS.excellent) return 'excellent';
  if (score >= RELIABILITY_LABEL_CUTOFFS.good) return 'good';
  if (score >= RELIABILITY_LABEL_CUTOFFS.fair) return 'fair';
  return 'poor';
}
