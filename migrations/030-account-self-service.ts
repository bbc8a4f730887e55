import type { Kysely } from 'kysely';

// Frozen. Account self-service (docs/decisions/013-account-self-service.md):
// - an email change is confirmed through a mailed link that names the new address, so the token
//   row carries it (the address is applied only when the link is followed);
// - a member's own comments are read by the data export (and later by account deletion) through
//   (user_id, created_at) instead of a scan of every comment.

type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('email_tokens').addColumn('new_email', 'text').execute();
  await db.schema
    .createIndex('comments_user_idx')
    .on('comments')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('comments_user_idx').execute();
  await db.schema.alterTable('email_tokens').dropColumn('new_email').execute();
}
