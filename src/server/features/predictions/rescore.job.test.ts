import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { analyzePrediction, QUALITY_TIER_CUTOFFS, SCORING_VERSION } from '#server/scoring/engine.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember } from '#server/test/members.ts';
import { createPredictionsService } from './predictions.service.ts';
import { RESCORE_JOB, rescoreJob, rescorePredictions } from './rescore.job.ts';
import { predictionsToRescore, saveRescored } from './rescore.repository.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const OLD = '1.19.0';

describe.each(testDialects)('re-scoring stored predictions on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];
  const texts = [
    'Norway will sell its last new petrol car in March 2027.',
    'Global coffee prices will double between now and the end of 2028.',
    'A crewed mission will land on the Moon before the end of 2028.',
    'Unemployment in Spain will fall below 10% in 2027.',
    'Something big is going to happen with housing.',
  ];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const service = createPredictionsService({
      db: t.database.db,
      now: () => new Date('2026-11-02T10:00:00Z'),
    });
    const members = [await createMember(t), await createMember(t)];
    for (const [i, text] of texts.entries()) {
      const member = members[i % 2];
      if (!member) throw new Error('no member');
      const { prediction } = await service.submit(member, {
        prediction_text: text,
        categories: i % 2 ? 'Economy,Technology' : null,
        visibility: i !== 2,
      });
      ids.push(prediction.id);
    }
  });
  afterAll(() => t.close());

  // What an older engine left: other scores, flags and tiers, with the rollups to match.
  async function makeOld() {
    const rows = await predictionsToRescore(t.database.db, 0, `${SCORING_VERSION}-none`, 100);
    await saveRescored(
      t.database.db,
      rows
        .map((before, i) => ({
          before,
          oldTier: null,
          after: {
            textQualityScore: 0.95,
            sentimentScore: 0,
            reliabilityScore: i % 2 ? 95 : 12,
            isFlagged: i === 4,
            flagReason: i === 4 ? 'Not a prediction about the future' : null,
            flagReasoning: null,
            suggestions: [],
            analysis: {
              tier: i % 2 ? ('high' as const) : ('needs_improvement' as const),
              language: 'en',
              reasons: [],
            },
            scoringVersion: OLD,
          },
        }))
        .map((u) => ({ ...u, oldTier: tierOf(u.before.reliabilityScore) })),
    );
  }

  const tierOf = (score: number | null) =>
    score === null
      ? null
      : score >= QUALITY_TIER_CUTOFFS.high
        ? ('high' as const)
        : score >= QUALITY_TIER_CUTOFFS.good
          ? ('good' as const)
          : score >= QUALITY_TIER_CUTOFFS.fair
            ? ('fair' as const)
            : ('needs_improvement' as const);

  const stored = () =>
    t.database.db
      .selectFrom('predictions')
      .select([
        'id',
        'prediction_text',
        'reliability_score',
        'is_flagged',
        'scoring_version',
        'sentiment_score',
      ])
      .orderBy('id')
      .execute();

  async function expectRollupsMatch() {
    const db = t.database.db;
    const day =
      dialect === 'postgres'
        ? sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD')`
        : sql<string>`substr(p.created_at, 1, 10)`;
    const { high, good, fair } = QUALITY_TIER_CUTOFFS;
    const tier = (lo: number, hi: number) =>
      sql<number>`sum(case when p.reliability_score >= ${lo} and p.reliability_score < ${hi} then 1 else 0 end)`;
    const aggregates = sql`sum(p.is_flagged) as flagged, count(p.reliability_score) as scored,
      coalesce(sum(p.reliability_score), 0) as quality_sum, ${tier(high, 1000)} as tier_high,
      ${tier(good, high)} as tier_good, ${tier(fair, good)} as tier_fair, ${tier(-1000, fair)} as tier_low`;
    const direct = await sql<Record<string, unknown>>`
      select ${day} as day, '*' as category, ${aggregates} from predictions p group by ${day}
      union all
      select ${day} as day, c.category as category, ${aggregates}
      from predictions p inner join prediction_categories c on c.prediction_id = p.id
      group by ${day}, c.category`.execute(db);
    const rolled = await db
      .selectFrom('rollup_daily')
      .select([
        'day',
        'category',
        'flagged',
        'scored',
        'quality_sum',
        'tier_high',
        'tier_good',
        'tier_fair',
        'tier_low',
      ])
      .execute();
    const norm = (rows: readonly Record<string, unknown>[]) =>
      rows
        .map((r) =>
          JSON.stringify(
            Object.entries(r)
              .map(([k, v]) => [k, k === 'day' || k === 'category' ? v : Number(v)])
              .sort(),
          ),
        )
        .sort();
    expect(norm(rolled)).toEqual(norm(direct.rows));
  }

  it('re-scores every older analysis, moving scores, flags and rollups together', async () => {
    await makeOld();
    await expectRollupsMatch();
    expect((await stored()).every((r) => r.scoring_version === OLD)).toBe(true);

    const scheduler = createScheduler({ db: t.database.db, log: quiet });
    scheduler.add(rescoreJob(t.database.db));
    expect(await scheduler.runOnce(RESCORE_JOB)).toBe('ran');

    const rows = await stored();
    expect(rows.map((r) => r.scoring_version)).toEqual(texts.map(() => SCORING_VERSION));
    for (const r of rows) {
      const fresh = analyzePrediction({
        text: r.prediction_text,
        categories: [],
        now: new Date('2026-11-02T10:00:00Z'),
      });
      expect(Boolean(r.is_flagged), r.prediction_text).toBe(fresh.is_flagged);
      expect(r.sentiment_score).toBe(fresh.sentiment_score);
    }
    expect(rows.some((r) => r.reliability_score !== 95 && r.reliability_score !== 12)).toBe(true);
    await expectRollupsMatch();
    // Done for this version: the next check does nothing.
    expect(await scheduler.runOnce(RESCORE_JOB)).toBe('fresh');
  });

  it('resumes from its checkpoint and leaves what it already did alone', async () => {
    await makeOld();
    const third = ids[2] ?? 0;
    const saved: number[] = [];
    const done = await rescorePredictions(
      t.database.db,
      { version: SCORING_VERSION, lastId: third, rescored: 3, done: false, at: new Date().toISOString() },
      async (c) => {
        saved.push(c.lastId);
      },
    );
    expect(done).toMatchObject({ version: SCORING_VERSION, done: true, rescored: 5, lastId: ids[4] });
    expect(saved).toEqual([ids[4]]);
    const versions = (await stored()).map((r) => r.scoring_version);
    expect(versions).toEqual([OLD, OLD, OLD, SCORING_VERSION, SCORING_VERSION]);
    await expectRollupsMatch();
    // A checkpoint of an older version starts again from the first prediction.
    const again = await rescorePredictions(t.database.db, { ...done, version: OLD });
    expect(again.rescored).toBe(3);
    expect((await stored()).every((r) => r.scoring_version === SCORING_VERSION)).toBe(true);
    await expectRollupsMatch();
  });
});
