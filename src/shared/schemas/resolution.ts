import { z } from 'zod';
import { MemberPredictionSchema } from './predictions.ts';
import { OUTCOMES, ResolutionSchema } from './resolution-state.ts';

// Resolution and track record (issue 26): resolving one's own prediction, the community's check,
// reminder opt-out, track records, the leaderboard and the community's calibration.

export const RESOLUTION_LIMITS = {
  evidenceUrlMax: 2048,
  noteMax: 500,
  /** The author may change a resolution for this long after first making it. */
  changeWindowMs: 24 * 60 * 60 * 1000,
  /** A resolution is disputed with at least this many votes and more disagree than agree. */
  disputeMinVotes: 5,
  /** Scored resolutions (yes/no with a confidence) a member needs to be on the leaderboard. */
  leaderboardMinScored: 10,
  leaderboardSize: 50,
  /** How long a reminder's opt-out link works. */
  optOutLinkTtlMs: 90 * 24 * 60 * 60 * 1000,
} as const;

export const RESOLUTION_MESSAGES = {
  outcome: 'outcome must be one of: yes, no, ambiguous',
  evidenceUrl: `evidence_url must be an https:// address of at most ${RESOLUTION_LIMITS.evidenceUrlMax.toLocaleString('en')} characters`,
  note: `note is limited to ${RESOLUTION_LIMITS.noteMax} characters`,
  agree: 'agree must be true or false',
  notFound: 'Prediction not found',
  notAuthor: 'Only the author of a prediction can resolve it',
  final: 'This resolution is final: it could be changed only within 24 hours of being made',
  notResolved: 'This prediction has not been resolved yet',
  ownVote: 'You cannot vote on the resolution of your own prediction',
  resolved: 'Prediction resolved',
  changed: 'Resolution changed',
  voted: 'Vote recorded',
  optOutInvalid:
    'This link is invalid or has expired. Sign in and turn resolution reminders off in your settings.',
  optedOut: 'You will no longer receive resolution reminders.',
} as const;

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
};

// ── POST /api/predictions/:id/resolution ──

export const ResolveBodySchema = z.object({
  outcome: z.enum(OUTCOMES, { message: RESOLUTION_MESSAGES.outcome }),
  evidence_url: z
    .string({ message: RESOLUTION_MESSAGES.evidenceUrl })
    .trim()
    .max(RESOLUTION_LIMITS.evidenceUrlMax, RESOLUTION_MESSAGES.evidenceUrl)
    .refine((v) => v === '' || isHttpsUrl(v), RESOLUTION_MESSAGES.evidenceUrl)
    .nullable()
    .optional(),
  note: z
    .string({ message: RESOLUTION_MESSAGES.note })
    .trim()
    .max(RESOLUTION_LIMITS.noteMax, RESOLUTION_MESSAGES.note)
    .nullable()
    .optional(),
});
export type ResolveBody = z.input<typeof ResolveBodySchema>;

export const PredictionIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: RESOLUTION_MESSAGES.notFound })
    .int(RESOLUTION_MESSAGES.notFound)
    .positive(RESOLUTION_MESSAGES.notFound)
    .max(2 ** 31 - 1, RESOLUTION_MESSAGES.notFound),
});

export const ResolveReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The author's prediction, with its `resolution`. */
  prediction: MemberPredictionSchema,
});
export type ResolveReply = z.infer<typeof ResolveReplySchema>;

// ── POST /api/predictions/:id/resolution/vote ──

export const VoteBodySchema = z.object({ agree: z.boolean({ message: RESOLUTION_MESSAGES.agree }) });

export const VoteReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  prediction_id: z.number().int(),
  resolution: ResolutionSchema,
  /** The voter's own vote, as now stored. */
  my_vote: z.object({ agree: z.boolean() }),
});
export type VoteReply = z.infer<typeof VoteReplySchema>;

// ── Track records ──

export const CALIBRATION_BUCKETS = ['50-59', '60-69', '70-79', '80-89', '90-99'] as const;

const CalibrationBucketSchema = z.object({
  bucket: z.enum(CALIBRATION_BUCKETS),
  /** Mean confidence of the bucket's predictions, 0..1; null when it has none. */
  predicted: z.number().nullable(),
  /** Share of them that came true, 0..1; null when it has none. */
  observed: z.number().nullable(),
  count: z.number().int(),
});
export type CalibrationBucket = z.infer<typeof CalibrationBucketSchema>;

/** Ambiguous and disputed resolutions count in none of these. */
export const TrackRecordSchema = z.object({
  /** Resolved yes or no. */
  resolved: z.number().int(),
  came_true: z.number().int(),
  /** came_true / resolved, 0..1; null without resolutions. */
  came_true_rate: z.number().nullable(),
  /** Mean of (confidence/100 − outcome)² over resolved predictions with a confidence; null without any. */
  brier: z.number().nullable(),
  /** How many predictions the Brier score and the calibration are computed over. */
  scored: z.number().int(),
  calibration: z.array(CalibrationBucketSchema),
  /** Resolved ÷ (resolved + due and unresolved), 0..1; null when nothing has fallen due. */
  resolution_rate: z.number().nullable(),
});
export type TrackRecord = z.infer<typeof TrackRecordSchema>;

// ── GET /api/my-track-record ──

export const MyTrackRecordReplySchema = z.object({
  success: z.literal(true),
  /** Every prediction of the member, private ones included. */
  track_record: TrackRecordSchema,
  /** Only their public predictions: what others see on the profile. */
  public_track_record: TrackRecordSchema,
  /** Whether the member gets a mail when a prediction falls due. */
  reminders: z.boolean(),
});
export type MyTrackRecordReply = z.infer<typeof MyTrackRecordReplySchema>;

// ── GET /api/leaderboard ──

const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  username: z.string(),
  is_demo: z.boolean(),
  brier: z.number(),
  scored: z.number().int(),
  resolved: z.number().int(),
  came_true_rate: z.number().nullable(),
});

export const LeaderboardReplySchema = z.object({
  success: z.literal(true),
  /** Scored resolutions needed to appear. */
  min_scored: z.number().int(),
  entries: z.array(LeaderboardEntrySchema),
});
export type LeaderboardReply = z.infer<typeof LeaderboardReplySchema>;

// ── GET /api/analytics/resolution ──

export const CommunityResolutionReplySchema = z.object({
  success: z.literal(true),
  /** The community's public predictions only. */
  track_record: TrackRecordSchema,
});
export type CommunityResolutionReply = z.infer<typeof CommunityResolutionReplySchema>;

// ── Reminder settings and the mailed opt-out link ──

export const ReminderSettingsSchema = z.object({
  reminders: z.boolean({ message: 'reminders must be true or false' }),
});
export const ReminderSettingsReplySchema = z.object({ success: z.literal(true), reminders: z.boolean() });

const OptOutTokenSchema = z
  .string({ message: RESOLUTION_MESSAGES.optOutInvalid })
  .max(200, RESOLUTION_MESSAGES.optOutInvalid)
  .optional();
export const OptOutBodySchema = z.object({ token: OptOutTokenSchema }).optional();
export const OptOutQuerySchema = z.object({ token: OptOutTokenSchema });
