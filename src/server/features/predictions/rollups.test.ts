import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/rules/categories.ts';
import { AppError } from '#server/errors.ts';
import { QUALITY_TIER_CUTOFFS } from '#server/scoring/engine.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { seededRandom } from '#server/test/seeded-random.ts';
import { createPredictionsService } from './predictions.service.ts';
import { dailyDeltas } from './rollups.ts';
import { TEXTS } from '#server/test/predictions.ts';
import { createMember } from '#server/test/members.ts';

// The rollups must equal a direct GROUP BY over the raw tables after any mix of writes.

const SUBJECTS = [
  'heat pumps',
  'the central bank',
  'electric buses',
  'the football league',
  'streaming services',
  'malaria vaccines',
  'city rents',
  'offshore wind farms',
  'the opposition party',
  'quantum computers',
  'public libraries',
  'vertical farms',
];
const OUTCOMES = [
  'will double their market share',
  'will cut prices by 20 percent',
  'will be banned in at least three countries',
  'will reach 50 million users',
  'will disappear from most high streets',
  'will grow faster than any other sector',
];

describe.each(testDialects)('rollups on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('turns one prediction into one row for * and one per category', () => {
    const rows = dailyDeltas({
      createdAt: '2026-03-04T23:59:59.999Z',
      userId: 1,
      categories: ['Economy', 'Economy', 'Politics'],
      isPublic: false,
      isFlagged: true,
      reliabilityScore: 42,
      tier: 'fair',
      textLength: 80,
    });
    expect(rows.map((r) => r.category)).toEqual(['*', 'Economy', 'Politics']);
    expect(rows[0]).toMatchObject({
      day: '2026-03-04',
      predictions: 1,
      public_predictions: 0,
      flagged: 1,
      scored: 1,
      quality_sum: 42,
      length_sum: 80,
      tier_fair: 1,
      tier_high: 0,
    });
  });

  it('equal a direct GROUP BY over predictions after a random mix of writes', async () => {
    const rnd = seededRandom(dialect === 'sqlite' ? 7 : 11);
    const clock = { now: new Date('2026-01-01T00:00:00Z') };
    const service = createPredictionsService({ db: t.database.db, now: () => clock.now });
    const members = await Promise.all([0, 1, 2, 3].map(() => createMember(t)));
    const outcomes = { stored: 0, flagged: 0, rejected: 0, duplicate: 0 };
    const base = Date.parse('2026-01-01T00:00:00Z');

    for (let i = 0; i < 70; i++) {
      const member = members[Math.floor(rnd() * members.length)] ?? members[0];
      if (!member) throw new Error('no member');
      const at = new Date(base + Math.floor(rnd() * 9 * 24) * 3_600_000 + Math.floor(rnd() * 3_600_000));
      const roll = rnd();
      const subject = SUBJECTS[Math.floor(rnd() * SUBJECTS.length)];
      const outcome = OUTCOMES[Math.floor(rnd() * OUTCOMES.length)];
      const text =
        roll < 0.08
          ? TEXTS.abusive
          : roll < 0.16
            ? `${TEXTS.machine} Item ${i}.`
            : roll < 0.22
              ? TEXTS.good
              : `By ${2027 + (i % 9)}, ${subject} ${outcome} in region ${i}.`;
      const chosen = [...CATEGORIES].filter(() => rnd() < 0.15).slice(0, 3);
      try {
        const { prediction } = await service.submit(
          member,
          {
            prediction_text: text,
            categories: chosen.length ? chosen.join(',') : null,
            visibility: rnd() < 0.7,
          },
          { at },
        );
        outcomes.stored++;
        if (prediction.is_flagged) outcomes.flagged++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.status === 403) outcomes.rejected++;
        else if (error.status === 409) outcomes.duplicate++;
        else throw error;
      }
    }
    // The mix really is a mix.
    expect(outcomes.stored).toBeGreaterThan(40);
    expect(outcomes.flagged).toBeGreaterThan(0);
    expect(outcomes.rejected).toBeGreaterThan(0);
    expect(outcomes.duplicate).toBeGreaterThan(0);

    const db = t.database.db;
    const pg = dialect === 'postgres';
    const day = pg
      ? sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(p.created_at, 1, 10)`;
    const hour = pg
      ? sql<number>`cast(extract(hour from p.created_at at time zone 'UTC') as integer)`
      : sql<number>`cast(substr(p.created_at, 12, 2) as integer)`;
    const tierCount = (lo: number, hi: number) =>
      sql<number>`sum(case when p.reliability_score >= ${lo} and p.reliability_score < ${hi} then 1 else 0 end)`;
    const { high, good, fair } = QUALITY_TIER_CUTOFFS;

    // Category '*' counts each prediction once; named categories come from prediction_categories.
    const aggregates = sql`count(*) as predictions, sum(p.is_public) as public_predictions,
      sum(p.is_flagged) as flagged, count(p.reliability_score) as scored,
      coalesce(sum(p.reliability_score), 0) as quality_sum, sum(p.text_length) as length_sum,
      ${tierCount(high, 1000)} as tier_high, ${tierCount(good, high)} as tier_good,
      ${tierCount(fair, good)} as tier_fair, ${tierCount(-1000, fair)} as tier_low`;
    const direct = await sql<Record<string, unknown>>`
      select ${day} as day, '*' as category, ${aggregates} from predictions p group by ${day}
      union all
      select ${day} as day, c.category as category, ${aggregates}
      from predictions p inner join prediction_categories c on c.prediction_id = p.id
      group by ${day}, c.category`.execute(db);
    const rolled = await db.selectFrom('rollup_daily').selectAll().execute();
    expect(normalize(rolled)).toEqual(normalize(direct.rows));

    const directHourly = await sql<Record<string, unknown>>`
      select ${day} as day, ${hour} as hour, '*' as category, count(*) as predictions
      from predictions p group by ${day}, ${hour}
      union all
      select ${day} as day, ${hour} as hour, c.category as category, count(*) as predictions
      from predictions p inner join prediction_categories c on c.prediction_id = p.id
      group by ${day}, ${hour}, c.category`.execute(db);
    const rolledHourly = await db.selectFrom('rollup_hourly').selectAll().execute();
    expect(normalize(rolledHourly)).toEqual(normalize(directHourly.rows));

    const directMembers = await sql<Record<string, unknown>>`
      select ${day} as day, '*' as category, p.user_id as user_id, count(*) as predictions
      from predictions p group by ${day}, p.user_id
      union all
      select ${day} as day, c.category as category, p.user_id as user_id, count(*) as predictions
      from predictions p inner join prediction_categories c on c.prediction_id = p.id
      group by ${day}, c.category, p.user_id`.execute(db);
    const rolledMembers = await db.selectFrom('rollup_daily_members').selectAll().execute();
    expect(normalize(rolledMembers)).toEqual(normalize(directMembers.rows));

    // And the LSH index holds every stored prediction.
    const indexed = await db
      .selectFrom('prediction_lsh')
      .select((eb) => eb.fn.count<number>('prediction_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(indexed.n)).toBe(outcomes.stored);
  });
});

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
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
