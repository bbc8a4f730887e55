import type { Kysely } from 'kysely';

// Frozen. A member's own figures (submission's author history, /api/auth/stats, reliability, the
// hot topics' author records) read every one of the member's predictions. Through the old
// (user_id, created_at) index each row cost a random read of the wide predictions row: 5 ms for
// a member with 200 predictions. This index carries the columns those reads use, so they are
// index-only scans of one contiguous range; it still orders a member's list by created_at
// (docs/decisions/007-predictions-and-reliability.md).

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('predictions_user_activity_idx')
    .on('predictions')
    .columns([
      'user_id',
      'created_at',
      'is_flagged',
      'is_public',
      'reliability_score',
      'text_quality_score',
      'category',
      'categories',
    ])
    .execute();
  await db.schema.dropIndex('predictions_user_created_idx').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createIndex('predictions_user_created_idx')
    .on('predictions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('predictions_user_activity_idx').execute();
}
