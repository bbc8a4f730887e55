import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead. Uses Kysely<any> on purpose.
// Conventions (docs/decisions/002-data-model.md): timestamps are timestamptz on PostgreSQL and
// ISO-8601 UTC text on SQLite; booleans are 0/1 integers on both; JSON is stored as text.

type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  const ts = pg ? 'timestamptz' : 'text';
  const id = (t: string) =>
    pg
      ? db.schema.createTable(t).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(t).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await id('users')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('email_verified_at', ts)
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await id('email_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('email_tokens_user_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await id('predictions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prediction_text', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('categories', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('text_length', 'integer', (c) => c.notNull())
    .addColumn('text_quality_score', 'real')
    .addColumn('sentiment_score', 'real')
    .addColumn('reliability_score', 'integer')
    .addColumn('is_flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flag_reason', 'text')
    .addColumn('flag_reasoning', 'text')
    .addColumn('suggestions', 'text')
    .addColumn('analysis', 'text')
    .addColumn('scoring_version', 'text')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('engagement_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  // Dashboard: a member's predictions, newest first.
  await db.schema
    .createIndex('predictions_user_created_idx')
    .on('predictions')
    .columns(['user_id', 'created_at'])
    .execute();
  // Hot topics: public, unflagged, by stored hot score; never a full scan.
  await db.schema
    .createIndex('predictions_hot_idx')
    .on('predictions')
    .columns(['is_public', 'is_flagged', 'hot_score'])
    .execute();
  await db.schema.createIndex('predictions_created_idx').on('predictions').column('created_at').execute();

  await db.schema
    .createTable('prediction_categories')
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('category', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prediction_categories_pk', ['prediction_id', 'category'])
    .execute();
  await db.schema
    .createIndex('prediction_categories_category_idx')
    .on('prediction_categories')
    .columns(['category', 'prediction_id'])
    .execute();

  // Near-duplicate lookup: MinHash LSH band keys, so a new text is compared only with candidates.
  await db.schema
    .createTable('prediction_lsh')
    .addColumn('band_key', 'text', (c) => c.notNull())
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('prediction_lsh_pk', ['band_key', 'prediction_id'])
    .execute();
  await db.schema
    .createIndex('prediction_lsh_pred_idx')
    .on('prediction_lsh')
    .column('prediction_id')
    .execute();

  await db.schema
    .createTable('votes')
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value in (-1, 1)`))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('votes_pk', ['prediction_id', 'user_id'])
    .execute();
  await db.schema.createIndex('votes_user_idx').on('votes').columns(['user_id', 'prediction_id']).execute();

  await id('comments')
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment_text', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('comments_prediction_idx')
    .on('comments')
    .columns(['prediction_id', 'created_at'])
    .execute();

  await id('faq_feedback')
    .addColumn('faq_index', 'integer', (c) => c.notNull())
    .addColumn('faq_question', 'text', (c) => c.notNull())
    .addColumn('feedback_type', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text')
    .addColumn('user_comment', 'text')
    .addColumn('subscribe_to_analytics', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();

  await id('news_stories')
    .addColumn('story_key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('bullet_points', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('trend', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('news_stories_published_idx')
    .on('news_stories')
    .column('published_at')
    .execute();

  await id('news_articles')
    .addColumn('story_id', 'integer', (c) => c.notNull().references('news_stories.id').onDelete('cascade'))
    .addColumn('url_hash', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('feed_url', 'text', (c) => c.notNull())
    .addColumn('published_at', ts, (c) => c.notNull())
    .addColumn('fetched_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('news_articles_story_idx').on('news_articles').column('story_id').execute();

  // Jobs: one runner at a time (lease) and a checkpoint to resume from.
  await db.schema
    .createTable('job_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', ts)
    .addColumn('checkpoint', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();

  // Rollups, kept current in the same transaction as each write (docs/decisions/002-data-model.md).
  // category '*' holds each prediction once; named categories hold it once per chosen category.
  await db.schema
    .createTable('rollup_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('public_predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quality_sum', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('length_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier_high', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier_good', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier_fair', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier_low', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollup_daily_pk', ['day', 'category'])
    .execute();
  await db.schema
    .createIndex('rollup_daily_category_idx')
    .on('rollup_daily')
    .columns(['category', 'day'])
    .execute();

  await db.schema
    .createTable('rollup_hourly')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollup_hourly_pk', ['day', 'category', 'hour'])
    .execute();
  await db.schema
    .createIndex('rollup_hourly_category_idx')
    .on('rollup_hourly')
    .columns(['category', 'day'])
    .execute();

  // Exact distinct active members per day and category (one row per member-day-category).
  await db.schema
    .createTable('rollup_daily_members')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollup_daily_members_pk', ['category', 'day', 'user_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'rollup_daily_members',
    'rollup_hourly',
    'rollup_daily',
    'job_state',
    'news_articles',
    'news_stories',
    'faq_feedback',
    'comments',
    'votes',
    'prediction_lsh',
    'prediction_categories',
    'predictions',
    'email_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
