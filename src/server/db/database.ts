import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

// Timestamps are ISO-8601 UTC strings on both dialects (pg's parser is set in connect.ts).
type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  username_key: string;
  password_hash: string | null;
  google_sub: string | null;
  email_verified_at: string | null;
  is_demo: Flag;
  created_at: Timestamp;
}

interface SessionsTable {
  id: string;
  user_id: number;
  remember: Flag;
  created_at: Timestamp;
  expires_at: string;
  revoked_at: string | null;
}

interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset' | 'email_change';
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
  /** The address an 'email_change' token applies (migration 030). */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PredictionsTable {
  id: Generated<number>;
  user_id: number;
  prediction_text: string;
  category: string;
  categories: string | null;
  is_public: Flag;
  text_length: number;
  text_quality_score: number | null;
  sentiment_score: number | null;
  reliability_score: number | null;
  is_flagged: Flag;
  flag_reason: string | null;
  flag_reasoning: string | null;
  suggestions: string | null;
  analysis: string | null;
  scoring_version: string | null;
  likes_count: Flag;
  dislikes_count: Flag;
  comments_count: Flag;
  engagement_score: Flag;
  hot_score: ColumnType<number, number | undefined, number>;
  is_demo: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Resolve-by day, 'YYYY-MM-DD' (migration 033). */
  target_date: ColumnType<string | null, string | null | undefined, string | null>;
  target_date_inferred: Flag;
  confidence: ColumnType<number | null, number | null | undefined, number | null>;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
  due_noted_at: ColumnType<string | null, string | null | undefined, string | null>;
  reminder_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PredictionCategoriesTable {
  prediction_id: number;
  category: string;
}

interface PredictionLshTable {
  band_key: string;
  prediction_id: number;
}

interface VotesTable {
  prediction_id: number;
  user_id: number;
  value: 1 | -1;
  created_at: Timestamp;
}

interface CommentsTable {
  id: Generated<number>;
  prediction_id: number;
  user_id: number;
  comment_text: string;
  created_at: Timestamp;
}

interface FaqFeedbackTable {
  id: Generated<number>;
  faq_index: number;
  faq_question: string;
  feedback_type: 'like' | 'dislike';
  user_email: string | null;
  user_comment: string | null;
  subscribe_to_analytics: Flag;
  user_id: number | null;
  created_at: Timestamp;
}

interface NewsStoriesTable {
  id: Generated<number>;
  story_key: string;
  title: string;
  summary: string;
  bullet_points: string;
  keywords: string;
  category: string;
  source: string;
  trend: string;
  type: string;
  article_count: Flag;
  is_demo: Flag;
  published_at: string;
  updated_at: Timestamp;
}

interface NewsArticlesTable {
  id: Generated<number>;
  story_id: number;
  url_hash: string;
  url: string;
  source: string;
  title: string;
  description: string | null;
  feed_url: string;
  published_at: string;
  fetched_at: Timestamp;
}

interface JobStateTable {
  name: string;
  locked_by: string | null;
  locked_until: string | null;
  checkpoint: string | null;
  updated_at: Timestamp;
}

interface RollupDailyTable {
  day: string;
  category: string;
  predictions: Flag;
  public_predictions: Flag;
  flagged: Flag;
  scored: Flag;
  quality_sum: ColumnType<number, number | undefined, number>;
  length_sum: Flag;
  tier_high: Flag;
  tier_good: Flag;
  tier_fair: Flag;
  tier_low: Flag;
}

interface RollupHourlyTable {
  day: string;
  hour: number;
  category: string;
  predictions: Flag;
}

interface RollupDailyMembersTable {
  day: string;
  category: string;
  user_id: number;
  predictions: Flag;
}

interface MemberVisitsTable {
  user_id: number;
  seen_at: string;
  since_at: string | null;
  session_id: string | null;
}

interface DigestSubscriptionsTable {
  user_id: number;
  created_at: Timestamp;
  through_at: string;
  sent_at: string | null;
}

interface ResolutionsTable {
  prediction_id: number;
  user_id: number;
  outcome: 'yes' | 'no' | 'ambiguous';
  evidence_url: string | null;
  note: string | null;
  agree: Flag;
  disagree: Flag;
  disputed: Flag;
  first_resolved_at: string;
  resolved_at: string;
}

interface ResolutionVotesTable {
  prediction_id: number;
  user_id: number;
  agree: number;
  created_at: string;
}

/** The stored track-record counters (migration 033); bigint columns arrive as strings from pg. */
type Counter = ColumnType<number | string, number | undefined, number>;
interface TrackCounters {
  resolved: Counter;
  came_true: Counter;
  scored: Counter;
  brier_sum: Counter;
  due_open: Counter;
  b50_n: Counter;
  b50_conf: Counter;
  b50_yes: Counter;
  b60_n: Counter;
  b60_conf: Counter;
  b60_yes: Counter;
  b70_n: Counter;
  b70_conf: Counter;
  b70_yes: Counter;
  b80_n: Counter;
  b80_conf: Counter;
  b80_yes: Counter;
  b90_n: Counter;
  b90_conf: Counter;
  b90_yes: Counter;
}

interface TrackRecordsTable extends TrackCounters {
  user_id: number;
  scope: 'public' | 'all';
  brier: ColumnType<number | null, number | null | undefined, number | null>;
}

interface TrackRecordTotalsTable extends TrackCounters {
  scope: string;
}

interface ResolutionReminderOptoutsTable {
  user_id: number;
  created_at: string;
}

/** A deleted account's username, held from registration for 30 days (migration 032). */
interface ReleasedUsernamesTable {
  username_key: string;
  released_at: string;
}

/** Predictions deleted per UTC day and category: only ever grows (migration 032). */
interface RollupRemovalsTable {
  day: string;
  category: string;
  removed: Flag;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  predictions: PredictionsTable;
  prediction_categories: PredictionCategoriesTable;
  prediction_lsh: PredictionLshTable;
  votes: VotesTable;
  comments: CommentsTable;
  faq_feedback: FaqFeedbackTable;
  news_stories: NewsStoriesTable;
  news_articles: NewsArticlesTable;
  job_state: JobStateTable;
  rollup_daily: RollupDailyTable;
  rollup_hourly: RollupHourlyTable;
  rollup_daily_members: RollupDailyMembersTable;
  member_visits: MemberVisitsTable;
  digest_subscriptions: DigestSubscriptionsTable;
  resolutions: ResolutionsTable;
  resolution_votes: ResolutionVotesTable;
  track_records: TrackRecordsTable;
  track_record_totals: TrackRecordTotalsTable;
  resolution_reminder_optouts: ResolutionReminderOptoutsTable;
  released_usernames: ReleasedUsernamesTable;
  rollup_removals: RollupRemovalsTable;
}

export type Db = Kysely<Tables>;
export type UserRow = Selectable<UsersTable>;
export type PredictionRow = Selectable<PredictionsTable>;
