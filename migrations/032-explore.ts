import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen. Explore and account deletion (docs/decisions/014-explore.md):
// - keyset orders of the public list (new, hot, top): partial indexes over public, unflagged rows,
//   each ending in id, so a page after 10,000 items is one index seek like the first. The hot one
//   replaces predictions_hot_idx (is_public, is_flagged, hot_score): SQLite without statistics
//   preferred that index's two equalities and sorted every list page;
// - search: SQLite's FTS5 trigram index over the text (external content, kept in step by
//   triggers); PostgreSQL's ordered posting table `prediction_terms` (term, prediction_id): the
//   words of the text as the 'simple' text-search parser splits them, plus one- and two-character
//   pieces of CJK runs, kept in step by a trigger;
// - released_usernames: a deleted account's username, held for 30 days;
// - rollup_removals: predictions deleted per day and category, so the analytics member-set stamps
//   keep moving forward when a deletion takes a row out of the rollups.

type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

// Runs without spaces: Han (with extension A and compatibility ideographs), hiragana, katakana.
const CJK = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  const ts = pg ? 'timestamptz' : 'text';

  const visible = sql`where is_public = 1 and is_flagged = 0`;
  await sql`create index predictions_public_new_idx on predictions (created_at, id) ${visible}`.execute(db);
  await sql`create index predictions_public_hot_idx on predictions (hot_score, id) ${visible}`.execute(db);
  await sql`create index predictions_public_top_idx on predictions ((likes_count - dislikes_count), id) ${visible}`.execute(
    db,
  );
  await db.schema.dropIndex('predictions_hot_idx').execute();

  if (pg) {
    await sql`create table prediction_terms (
      term text not null,
      prediction_id integer not null,
      primary key (term, prediction_id))`.execute(db);
    // The same function splits stored texts and queries, so both sides always agree.
    await sql`create function futurecast_search_terms(p_text text) returns setof text
      language sql immutable parallel safe as $fn$
        select lexeme from unnest(to_tsvector('simple', regexp_replace(p_text, ${sql.lit(`${CJK}+`)}, ' ', 'g')))
        union
        select substr(m.r[1], i, n)
        from regexp_matches(p_text, ${sql.lit(`${CJK}+`)}, 'g') as m(r),
          generate_series(1, char_length(m.r[1])) as i,
          (values (1), (2)) as k(n)
        where i + n - 1 <= char_length(m.r[1])
      $fn$`.execute(db);
    await sql`create function futurecast_prediction_terms() returns trigger language plpgsql as $fn$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from prediction_terms t
            using (select distinct futurecast_search_terms(old.prediction_text) as term) x
            where t.term = x.term and t.prediction_id = old.id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into prediction_terms (term, prediction_id)
            select distinct x, new.id from futurecast_search_terms(new.prediction_text) as x
            on conflict do nothing;
        end if;
        return null;
      end
      $fn$`.execute(db);
    await sql`create trigger predictions_terms
      after insert or delete or update of prediction_text on predictions
      for each row execute function futurecast_prediction_terms()`.execute(db);
    await sql`insert into prediction_terms (term, prediction_id)
      select distinct x, p.id from predictions p, futurecast_search_terms(p.prediction_text) as x`.execute(
      db,
    );
  } else {
    await sql`create virtual table predictions_fts using fts5(
      prediction_text, content='predictions', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger predictions_fts_insert after insert on predictions begin
      insert into predictions_fts (rowid, prediction_text) values (new.id, new.prediction_text);
      end`.execute(db);
    await sql`create trigger predictions_fts_delete after delete on predictions begin
      insert into predictions_fts (predictions_fts, rowid, prediction_text)
        values ('delete', old.id, old.prediction_text);
      end`.execute(db);
    await sql`create trigger predictions_fts_update after update of prediction_text on predictions begin
      insert into predictions_fts (predictions_fts, rowid, prediction_text)
        values ('delete', old.id, old.prediction_text);
      insert into predictions_fts (rowid, prediction_text) values (new.id, new.prediction_text);
      end`.execute(db);
    await sql`insert into predictions_fts (predictions_fts) values ('rebuild')`.execute(db);
  }

  await db.schema
    .createTable('released_usernames')
    .addColumn('username_key', 'text', (c) => c.primaryKey())
    .addColumn('released_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rollup_removals')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollup_removals_pk', ['category', 'day'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('rollup_removals').ifExists().execute();
  await db.schema.dropTable('released_usernames').ifExists().execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists predictions_terms on predictions`.execute(db);
    await sql`drop function if exists futurecast_prediction_terms()`.execute(db);
    await sql`drop function if exists futurecast_search_terms(text)`.execute(db);
    await sql`drop table if exists prediction_terms`.execute(db);
  } else {
    for (const t of ['predictions_fts_insert', 'predictions_fts_delete', 'predictions_fts_update'])
      await sql`drop trigger if exists ${sql.ref(t)}`.execute(db);
    await sql`drop table if exists predictions_fts`.execute(db);
  }
  await db.schema
    .createIndex('predictions_hot_idx')
    .on('predictions')
    .columns(['is_public', 'is_flagged', 'hot_score'])
    .execute();
  for (const i of ['predictions_public_new_idx', 'predictions_public_hot_idx', 'predictions_public_top_idx'])
    await db.schema.dropIndex(i).ifExists().execute();
}
