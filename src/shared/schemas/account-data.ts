import { z } from 'zod';

// 'Export my data' (/settings): one JSON document with everything Futurecast keeps about a member's
// own activity (docs/decisions/013-account-self-service.md). Readers ignore fields they don't know;
// `version` changes only when an existing field changes meaning. `includes` names the sections this
// export carries, so a later section (resolutions, once predictions can be resolved) is told apart
// from "none": an export without 'resolutions' in `includes` says nothing about them.

export const EXPORT_FORMAT = 'futurecast-account-export';
export const EXPORT_VERSION = 1;
export const EXPORT_SECTIONS = ['profile', 'predictions', 'comments', 'votes', 'resolutions'] as const;

const ExportCommentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Written by the member exporting. */
  mine: z.boolean(),
});

const ExportPredictionSchema = z.object({
  id: z.number().int(),
  /** As published, character for character. */
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  visibility: z.enum(['public', 'private']),
  /** The primary category, and every category the prediction counts under. */
  category: z.string(),
  categories: z.array(z.string()),
  /** The automated analysis, as the dashboard shows it. */
  analysis: z.object({
    quality_score: z.number().nullable(),
    tier: z.string().nullable(),
    text_quality_score: z.number().nullable(),
    sentiment_score: z.number().nullable(),
    flagged: z.boolean(),
    flag_reason: z.string().nullable(),
    flag_reasoning: z.unknown().nullable(),
    reasons: z.array(z.object({ code: z.string(), label: z.string(), effect: z.number() })),
    suggestions: z.array(z.unknown()),
    language: z.string().nullable(),
    scoring_version: z.string().nullable(),
  }),
  engagement: z.object({ likes: z.number().int(), dislikes: z.number().int(), comments: z.number().int() }),
  /** Every comment on it, the member's and others', oldest first. */
  comments: z.array(ExportCommentSchema),
  /** Resolve-by day ('YYYY-MM-DD'), whether Futurecast proposed it, and the member's confidence (issue 26). */
  target_date: z.string().nullable(),
  target_date_inferred: z.boolean(),
  confidence: z.number().int().nullable(),
  /** How the member resolved it, and what others said; null while unresolved. */
  resolution: z
    .object({
      outcome: z.enum(['yes', 'no', 'ambiguous']),
      evidence_url: z.string().nullable(),
      note: z.string().nullable(),
      first_resolved_at: z.string(),
      resolved_at: z.string(),
      agree: z.number().int(),
      disagree: z.number().int(),
      disputed: z.boolean(),
    })
    .nullable(),
});
export type ExportPrediction = z.infer<typeof ExportPredictionSchema>;

export const AccountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: z.string(),
  includes: z.array(z.string()),
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    created_at: z.string(),
    email_verified: z.boolean(),
    sign_in: z.object({ password: z.boolean(), google: z.boolean() }),
    email_digest: z.boolean(),
    /** Mails when a prediction falls due (issue 26). */
    resolution_reminders: z.boolean(),
  }),
  /** The member's predictions, public and private, oldest first. */
  predictions: z.array(ExportPredictionSchema),
  /** Every comment the member wrote, on anyone's prediction, oldest first. */
  comments: z.array(
    z.object({
      id: z.number().int(),
      prediction_id: z.number().int(),
      text: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Every vote the member cast, oldest first. */
  votes: z.array(
    z.object({
      prediction_id: z.number().int(),
      vote: z.enum(['like', 'dislike']),
      created_at: z.string(),
    }),
  ),
  /** Every vote the member cast on others' resolutions (agree or disagree), oldest first. */
  resolution_votes: z.array(
    z.object({ prediction_id: z.number().int(), agree: z.boolean(), created_at: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
