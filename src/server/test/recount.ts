import { sql } from 'kysely';
import { expect } from 'vitest';
import { hotScore } from '#server/features/community/hot-score.ts';
import { QUALITY_TIER_CUTOFFS } from '#server/scoring/engine.ts';
import type { TestApp } from './helpers.ts';

// Every stored figure against a recount from the rows it summarises: the counters, engagement and
// hot scores of each prediction, the three rollup tables, the LSH bands and the search index.

/** Rows as sorted, comparable objects: numbers as numbers (pg returns some sums as strings). */
function normalize(rows: readonly Record<string, unknown>[]) {
  return rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r)
          .map(([k, v]) => [k, typeof v === 'string' && k !== 'day' && k !== 'category' ? Number(v) : v])
          .map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1000) / 1000 : v])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ),
    )
    .map((r) => JSON.stringify(r))
    .sort();
}

export async function expectStoredFiguresEqualRecount(t: TestApp): Promise<void> {
  const db = t.database.db;
  const pg = t.database.dialect === 'postgres';

  const predictions = await sql<{
    id: number;
    likes_count: number;
    dislikes_count: number;
    comments_count: number;
    engagement_score: number;
    hot_score: number;
    created_at: string;
    likes: number;
    dislikes: number;
    comments: number;
  }>`select p.id, p.likes_count, p.dislikes_count, p.comments_count, p.engagement_score, p.hot_score,
      p.created_at,
      (select count(*) from votes v where v.prediction_id = p.id and v.value = 1) as likes,
      (select count(*) from votes v where v.prediction_id = p.id and v.value = -1) as dislikes,
      (select count(*) from comments c where c.prediction_id = p.id) as comments
    from predictions p`.execute(db);
  for (const p of predictions.rows) {
    const counted = { likes: Number(p.likes), dislikes: Number(p.dislikes), comments: Number(p.comments) };
    expect(
      {
        likes: Number(p.likes_count),
        dislikes: Number(p.dislikes_count),
        comments: Number(p.comments_count),
      },
      `counters of ${p.id}`,
    ).toEqual(counted);
    const engagement = counted.likes - counted.dislikes + 2 * counted.comments;
    expect(Number(p.engagement_score), `engagement of ${p.id}`).toBe(engagement);
    expect(Number(p.hot_score), `hot score of ${p.id}`).toBeCloseTo(hotScore(engagement, p.created_at), 5);
  }

  const day = pg
    ? sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(p.created_at, 1, 10)`;
  const hour = pg
    ? sql<number>`cast(extract(hour from p.created_at at time zone 'UTC') as integer)`
    : sql<number>`cast(substr(p.created_at, 12, 2) as integer)`;
  const tierCount = (lo: number, hi: number) =>
    sql<number>`sum(case when p.reliability_score >= ${lo} and p.reliability_score < ${hi} then 1 else 0 end)`;
  const { high, good, fair } = QUALITY_TIER_CUTOFFS;
  const aggregates = sql`count(*) as predictions, sum(p.is_public) as public_predictions,
    sum(p.is_flagged) as flagged, count(p.reliability_score) as scored,
    coalesce(sum(p.reliability_score), 0) as quality_sum, sum(p.text_length) as length_sum,
    ${tierCount(high, 1000)} as tier_high, ${tierCount(good, high)} as tier_good,
    ${tierCount(fair, good)} as tier_fair, ${tierCount(-1000, fair)} as tier_low`;
  const daily = await sql<Record<string, unknown>>`
    select ${day} as day, '*' as category, ${aggregates} from predictions p group by ${day}
    union all
    select ${day} as day, c.category as category, ${aggregates}
    from predictions p inner join prediction_categories c on c.prediction_id = p.id
    group by ${day}, c.category`.execute(db);
  expect(normalize(await db.selectFrom('rollup_daily').selectAll().execute()), 'rollup_daily').toEqual(
    normalize(daily.rows),
  );
  const hourly = await sql<Record<string, unknown>>`
    select ${day} as day, ${hour} as hour, '*' as category, count(*) as predictions
    from predictions p group by ${day}, ${hour}
    union all
    select ${day} as day, ${hour} as hour, c.category as category, count(*) as predictions
    from predictions p inner join prediction_categories c on c.prediction_id = p.id
    group by ${day}, ${hour}, c.category`.execute(db);
  expect(normalize(await db.selectFrom('rollup_hourly').selectAll().execute()), 'rollup_hourly').toEqual(
    normalize(hourly.rows),
  );
  const members = await sql<Record<string, unknown>>`
    select ${day} as day, '*' as category, p.user_id as user_id, count(*) as predictions
    from predictions p group by ${day}, p.user_id
    union all
    select ${day} as day, c.category as category, p.user_id as user_id, count(*) as predictions
    from predictions p inner join prediction_categories c on c.prediction_id = p.id
    group by ${day}, c.category, p.user_id`.execute(db);
  expect(
    normalize(await db.selectFrom('rollup_daily_members').selectAll().execute()),
    'rollup_daily_members',
  ).toEqual(normalize(members.rows));

  // No band, category, vote or comment of a prediction that is gone; every prediction has bands.
  const orphans = await sql<{ n: number }>`select
      (select count(*) from prediction_lsh l where not exists (select 1 from predictions p where p.id = l.prediction_id))
    + (select count(*) from prediction_categories c where not exists (select 1 from predictions p where p.id = c.prediction_id))
    + (select count(*) from votes v where not exists (select 1 from predictions p where p.id = v.prediction_id))
    + (select count(*) from comments c where not exists (select 1 from predictions p where p.id = c.prediction_id))
    as n`.execute(db);
  expect(Number(orphans.rows[0]?.n)).toBe(0);

  // The search index holds exactly the stored texts.
  if (pg) {
    const drift = await sql<{ n: number }>`select count(*) as n from (
        (select term, prediction_id from prediction_terms
         except select distinct futurecast_search_terms(prediction_text), id from predictions)
        union all
        (select distinct futurecast_search_terms(prediction_text), id from predictions
         except select term, prediction_id from prediction_terms)) d`.execute(db);
    expect(Number(drift.rows[0]?.n), 'prediction_terms against the texts').toBe(0);
  } else {
    // FTS5 compares its index with the content table and fails on any difference.
    await sql`insert into predictions_fts (predictions_fts, rank) values ('integrity-check', 1)`.execute(db);
  }
}
