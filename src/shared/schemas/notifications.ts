import { z } from 'zod';

// What happened since the member's last visit (the dashboard) and the opt-in email digest
// (docs/decisions/013-account-self-service.md).

/** A new visit starts after this long without one, or with a new session (a fresh sign-in). */
export const VISIT_GAP_MS = 30 * 60_000;
/** The digest goes out at most this often, and only when there is something new. */
export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** How long the unsubscribe link of a digest keeps working. */
export const UNSUBSCRIBE_LINK_TTL_MS = 60 * 24 * 60 * 60_000;

const ActivityPredictionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
});

const ActivityCommentSchema = z.object({
  id: z.number().int(),
  predictionId: z.number().int(),
  username: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/** New likes and comments by others on the member's predictions, in a window. */
const ActivitySchema = z.object({
  likes: z.number().int(),
  comments: z.number().int(),
  /** The predictions that got them, most new reactions first (at most 5). */
  predictions: z.array(ActivityPredictionSchema),
  /** The newest comments (at most 3), newest first. */
  latestComments: z.array(ActivityCommentSchema),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityReplySchema = ActivitySchema.extend({
  success: z.literal(true),
  /** The member's first look at the dashboard: there is no earlier visit to compare with. */
  firstVisit: z.boolean(),
  /** The end of the previous visit (the start of the window); null on the first visit (since joining). */
  since: z.string().nullable(),
});
export type ActivityReply = z.infer<typeof ActivityReplySchema>;

export const NotificationSettingsSchema = z.object({
  /** The daily email digest of new likes and comments. Off unless the member turns it on. */
  digest: z.boolean({ message: 'digest must be true or false' }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsReplySchema = NotificationSettingsSchema.extend({
  success: z.literal(true),
});

/** RFC 8058 one-click (form body, token in the URL) or the unsubscribe page (JSON body). */
export const UnsubscribeBodySchema = z
  .object({
    token: z.string().max(300).optional(),
    'List-Unsubscribe': z.string().max(40).optional(),
  })
  .optional();
export const UnsubscribeQuerySchema = z.object({ token: z.string().max(300).optional() });

export const NOTIFICATION_MESSAGES = {
  unsubscribed: 'You will no longer receive the Futurecast digest.',
  unsubscribeInvalid:
    'This unsubscribe link is invalid or has expired. Sign in and turn the digest off in your settings.',
} as const;
