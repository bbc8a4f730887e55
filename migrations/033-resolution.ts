import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen. Resolution and track record (issue 26, docs/decisions/015-resolution.md).
// - predictions: the resolve-by date (YYYY-MM-DD text on both dialects: a calendar day, no time
//   zone), whether the server proposed it, the author's confidence (50–99), when it was resolved
//   (a copy of the resolution's time, so open/due/resolved is read from the row), and the reminder
//   job's marks: when it noted the prediction fell due, and when it mailed the author.
// - resolutions: one per prediction; the community's agree/disagree counts and the dispute flag are
//   kept on it, the votes themselves in resolution_votes.
// - track_records: each member's figures, kept up to date on every resolution, change, dispute and
//   due date (never computed by a scan), twice: 'public' (public predictions only: profiles and the
//   leaderboard) and 'all' (the owner's own view). track_record_totals: the community's, public only.
//   Brier terms are stored as integers: (confidence − 100·outcome)², so sums never drift.
// - resolution_reminder_optouts: members who asked for no reminder mails.

type Db = Kysely<any>;

const COUNTERS = [
  'resolved',
  'came_true',
  'scored',
  'brier_sum',
  'due_open',
  ...[50, 60, 70, 80, 90].flatMap((b) => [`b${b}_n`, `b${b}_conf`, `b${b}_yes`]),
];

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const real = pg ? 'double precision' : 'real';
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema.alterTable('predictions').addColumn('target_date', 'text').execute();
  await db.schema
    .alterTable('predictions')
    .addColumn('target_date_inferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('predictions').addColumn('confidence', 'integer').execute();
  await db.schema.alterTable('predictions').addColumn('resolved_at', ts).execute();
  await db.schema.alterTable('predictions').addColumn('due_noted_at', ts).execute();
  await db.schema.alterTable('predictions').addColumn('reminder_sent_at', ts).execute();
  // The reminder job's work list: dated, unresolved, not yet noted as due, by date. A prediction
  // leaves it once noted or resolved, so the job's range read never meets handled rows.
  await db.schema
    .createIndex('predictions_due_idx')
    .on('predictions')
    .columns(['target_date', 'id'])
    .where(sql.ref('target_date'), 'is not', null)
    .where(sql.ref('due_noted_at'), 'is', null)
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('resolutions')
    .addColumn('prediction_id', 'integer', (c) =>
      c.primaryKey().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('yes', 'no', 'ambiguous')`))
    .addColumn('evidence_url', 'text')
    .addColumn('note', 'text')
    .addColumn('agree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disagree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disputed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_resolved_at', ts, (c) => c.notNull())
    .addColumn('resolved_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resolutions_user_idx')
    .on('resolutions')
    .columns(['user_id', 'resolved_at'])
    .execute();

  await db.schema
    .createTable('resolution_votes')
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('resolutions.prediction_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agree', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('resolution_votes_pk', ['prediction_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('resolution_votes_user_idx')
    .on('resolution_votes')
    .columns(['user_id', 'prediction_id'])
    .execute();

  let records = db.schema
    .createTable('track_records')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('public', 'all')`));
  let totals = db.schema.createTable('track_record_totals').addColumn('scope', 'text', (c) => c.primaryKey());
  for (const name of COUNTERS) {
    const type = name === 'brier_sum' || name.endsWith('_conf') ? bigint : 'integer';
    records = records.addColumn(name, type, (c) => c.notNull().defaultTo(0));
    totals = totals.addColumn(name, type, (c) => c.notNull().defaultTo(0));
  }
  await records
    .addColumn('brier', real)
    .addPrimaryKeyConstraint('track_records_pk', ['user_id', 'scope'])
    .execute();
  await totals.execute();
  // The leaderboard: members with 10+ scored resolutions, best (lowest) Brier score first.
  await db.schema
    .createIndex('track_records_leaderboard_idx')
    .on('track_records')
    .columns(['scope', 'brier', 'user_id'])
    .where(sql.ref('scored'), '>=', 10)
    .execute();

  await db.schema
    .createTable('resolution_reminder_optouts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('resolution_reminder_optouts').ifExists().execute();
  await db.schema.dropTable('track_record_totals').ifExists().execute();
  await db.schema.dropTable('track_records').ifExists().execute();
  await db.schema.dropTable('resolution_votes').ifExists().execute();
  await db.schema.dropTable('resolutions').ifExists().execute();
  await db.schema.dropIndex('predictions_due_idx').ifExists().execute();
  for (const column of [
    'reminder_sent_at',
    'due_noted_at',
    'resolved_at',
    'confidence',
    'target_date_inferred',
    'target_date',
  ])
    await db.schema.alterTable('predictions').dropColumn(column).execute();
}
