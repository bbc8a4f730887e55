import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { migrations } from '../migrations/index.ts';
import { seededRandom } from '#server/test/seeded-random.ts';
import { QUALITY_TIER_CUTOFFS as TIER } from '#server/scoring/engine.ts';
import { LSH_RESIGN_JOB, type ResignCheckpoint } from '#server/features/predictions/lsh-resign.job.ts';
import { RESCORE_JOB, type RescoreCheckpoint } from '#server/features/predictions/rescore.job.ts';
import { REMINDER_JOB, type ReminderCheckpoint } from '#server/features/resolution/reminder.job.ts';
import { SCORING_VERSION } from '#server/scoring/engine.ts';
import { SIGNATURE_VERSION, signature } from '#server/scoring/near-duplicate.ts';

/**
 * A realistic data set for load tests: members, predictions spread over the last year (more on
 * weekdays and daytime hours), votes and comments. Deterministic for a given size, written straight
 * through prepared statements (the app's write path scores each prediction, far too slow for 10^6).
 * Texts are templated but mostly distinct (subject, verb, place, number, year), the way a big
 * community repeats phrasings with its own figures, and each has its near-duplicate LSH bands, so
 * the duplicate check of a submission runs against a full index with crowded bands.
 */
const GENERATOR_VERSION = 5;

const CATEGORIES = [
  'Technology',
  'Economy',
  'Environment',
  'Politics',
  'Healthcare',
  'Society',
  'Sports',
  'Entertainment',
  'Futurecast',
  'Other',
];
const WEIGHTS = [30, 18, 14, 10, 9, 7, 5, 4, 1, 2];
const SUBJECTS: Record<string, string[]> = {
  Technology: [
    'open-source AI models',
    'quantum computers',
    'humanoid robots',
    'solid-state batteries',
    'satellite internet',
    'RISC-V laptops',
  ],
  Economy: [
    'the euro',
    'global inflation',
    'remote-work wages',
    'container shipping rates',
    'central bank rates',
    'housing prices',
  ],
  Environment: [
    'offshore wind capacity',
    'Arctic sea ice',
    'heat pump sales',
    'coral reef cover',
    'grid-scale storage',
    'methane emissions',
  ],
  Politics: [
    'voter turnout',
    'digital ID schemes',
    'ranked-choice voting',
    'EU enlargement',
    'carbon border taxes',
    'AI regulation',
  ],
  Healthcare: [
    'GLP-1 prescriptions',
    'malaria vaccines',
    'telemedicine visits',
    'antibiotic resistance',
    'gene therapies',
    'hospital wait times',
  ],
  Society: [
    'four-day work weeks',
    'urban cycling',
    'birth rates',
    'public libraries',
    'language learning apps',
    'home ownership',
  ],
  Sports: [
    'women’s football attendance',
    'esports viewership',
    'marathon records',
    'Olympic host bids',
    'cricket in the US',
    'F1 calendars',
  ],
  Entertainment: [
    'cinema ticket sales',
    'AI-generated music',
    'streaming subscriptions',
    'vinyl records',
    'video game budgets',
    'live concerts',
  ],
  Futurecast: [
    'Futurecast membership',
    'prediction accuracy',
    'community forecasting',
    'Futurecast categories',
    'forecast leaderboards',
    'Futurecast analytics',
  ],
  Other: [
    'space tourism',
    'lab-grown meat',
    'airship cargo',
    'vertical farms',
    'personal drones',
    'smart glasses',
  ],
};
const VERBS = [
  'will double',
  'will fall by {n}%',
  'will overtake its main rival',
  'will reach {n} million users',
  'will grow by {n}% a year',
  'will become mainstream',
  'will halve',
  'will triple',
  'will pass {n} thousand units a month',
];
/** Places in generated texts; the submission bench writes about them too. */
export const PLACES = [
  'Portugal',
  'Kenya',
  'Chile',
  'Vietnam',
  'Norway',
  'Canada',
  'Morocco',
  'Poland',
  'Japan',
  'Peru',
  'Ghana',
  'Finland',
  'Texas',
  'Bavaria',
  'Quebec',
  'Sicily',
  'Seoul',
  'Lagos',
  'Oslo',
  'Lima',
  'India',
  'Brazil',
  'Mexico',
  'Egypt',
  'Turkey',
  'Iran',
  'Spain',
  'Italy',
  'Ireland',
  'Scotland',
  'California',
  'Ontario',
  'Victoria',
  'Jakarta',
  'Manila',
  'Nairobi',
  'Bogotá',
  'Denmark',
  'Austria',
  'Greece',
];
const FRAMES = [
  'By {y}, {s} in {p} {v}.',
  'I expect {s} in {p} {v} before the end of {y}.',
  'Within {k} years {s} {v} in {p}, driven by falling costs.',
  '{s} {v} in {p} by {y}, according to current trends.',
  'Before {y}, {s} {v} in {p} and most of its neighbours.',
];

// Other scripts, for search (docs/decisions/014-explore.md): about 1% of the texts are Persian (the
// word 'قیمت', price, is in about half of them), 0.5% Chinese (written without spaces), and one in
// 20,000 names a zeppelin (a rare word).
const PERSIAN_FRAMES = [
  'تا سال {y} قیمت {s} در {p} دو برابر می‌شود',
  'پیش‌بینی می‌کنم {s} در {p} تا {y} رایج شود',
  'قیمت {s} در {p} تا پایان {y} کاهش می‌یابد',
  '{s} در {p} تا سال {y} سه برابر خواهد شد',
];
const PERSIAN_SUBJECTS = ['نفت', 'طلا', 'خودروهای برقی', 'پنل خورشیدی', 'مسکن', 'اینترنت ماهواره‌ای'];
const PERSIAN_PLACES = ['تهران', 'اصفهان', 'شیراز', 'تبریز', 'مشهد', 'کرج'];
const CHINESE_FRAMES = [
  '到{y}年，{p}的{s}销量将翻倍。',
  '我认为{p}的{s}在{y}年前会增长三倍。',
  '未来五年内，{p}的{s}价格会下跌百分之二十。',
];
const CHINESE_SUBJECTS = ['电动汽车', '太阳能板', '智能手机', '机器人', '无人机'];
const CHINESE_PLACES = ['上海', '北京', '深圳', '广州', '成都'];
/** Words the explore bench searches for (bench/explore-targets.ts). */
export const SEARCH_WORDS = { common: 'will', rare: 'zeppelin', persian: 'قیمت' } as const;

interface GenerateOptions {
  file: string;
  predictions: number;
  now?: number;
  log?: (line: string) => void;
}

async function generate({ file, predictions, now = Date.now(), log = () => {} }: GenerateOptions) {
  const tmp = `${file}.tmp`;
  mkdirSync(dirname(file), { recursive: true });
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  const database = connectDatabase({ dialect: 'sqlite', filename: tmp });
  await migrateToLatest(database);
  await database.close();

  const rnd = seededRandom(predictions);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const totalWeight = WEIGHTS.reduce((a, b) => a + b, 0);
  const pickCategory = () => {
    let r = rnd() * totalWeight;
    for (const [i, w] of WEIGHTS.entries()) {
      r -= w;
      if (r <= 0) return CATEGORIES[i] as string;
    }
    return 'Other';
  };
  const members = Math.max(50, Math.round(predictions / 20));
  const year = 365 * 86_400_000;
  const db = new SQLite(tmp);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1000000');
  // Bands are staged unindexed and moved into prediction_lsh in key order at the end: 32 random
  // B-tree inserts a prediction took the generator from 80 s to half an hour.
  db.exec('create temp table lsh_stage (band_key text not null, prediction_id integer not null)');

  const insertUser = db.prepare(
    'insert into users (id, email, username, username_key, email_verified_at, is_demo, created_at) values (?, ?, ?, ?, ?, 0, ?)',
  );
  const insertPrediction =
    db.prepare(`insert into predictions (id, user_id, prediction_text, category, categories,
    is_public, text_length, text_quality_score, sentiment_score, reliability_score, is_flagged, flag_reason,
    scoring_version, likes_count, dislikes_count, comments_count, engagement_score, hot_score, created_at, updated_at,
    target_date, confidence, resolved_at, due_noted_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertResolution =
    db.prepare(`insert into resolutions (prediction_id, user_id, outcome, agree, disagree,
    disputed, first_resolved_at, resolved_at) values (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCategory = db.prepare(
    'insert into prediction_categories (prediction_id, category) values (?, ?)',
  );
  const insertVote = db.prepare(
    'insert or ignore into votes (prediction_id, user_id, value, created_at) values (?, ?, ?, ?)',
  );
  const insertLsh = db.prepare('insert into lsh_stage (band_key, prediction_id) values (?, ?)');
  const insertComment = db.prepare(
    'insert into comments (prediction_id, user_id, comment_text, created_at) values (?, ?, ?, ?)',
  );

  db.transaction(() => {
    for (let id = 1; id <= members; id++) {
      const joined = new Date(now - year - rnd() * year).toISOString();
      insertUser.run(id, `member${id}@bench.invalid`, `member_${id}`, `member_${id}`, joined, joined);
    }
  })();
  log(`members: ${members}`);

  const batch = 50_000;
  let votes = 0;
  let comments = 0;
  let resolutions = 0;
  for (let start = 1; start <= predictions; start += batch) {
    const lsh: [string, number][] = [];
    db.transaction(() => {
      for (let id = start; id < Math.min(start + batch, predictions + 1); id++) {
        // Skew towards recent days, weekdays and daytime hours.
        const age = Math.floor(rnd() ** 1.6 * 365);
        const day = new Date(now - age * 86_400_000);
        const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
        if (weekend && rnd() < 0.35) day.setUTCDate(day.getUTCDate() - 2);
        const hour = Math.min(23, Math.max(0, Math.round(8 + rnd() * 10 + (rnd() - 0.5) * 8)));
        day.setUTCHours(hour, Math.floor(rnd() * 60), Math.floor(rnd() * 60), 0);
        const created = new Date(Math.min(day.getTime(), now - 1000)).toISOString();
        const category = pickCategory();
        const extra = rnd() < 0.3 ? pickCategory() : null;
        const cats = extra && extra !== category ? [category, extra] : [category];
        const script = rnd();
        const year = String(2027 + Math.floor(rnd() * 12));
        const text =
          script < 0.01
            ? pick(PERSIAN_FRAMES)
                .replace('{y}', year)
                .replace('{s}', pick(PERSIAN_SUBJECTS))
                .replace('{p}', pick(PERSIAN_PLACES))
            : script < 0.015
              ? pick(CHINESE_FRAMES)
                  .replace('{y}', year)
                  .replace('{s}', pick(CHINESE_SUBJECTS))
                  .replace('{p}', pick(CHINESE_PLACES))
              : pick(FRAMES)
                  .replace('{y}', year)
                  .replace(
                    '{s}',
                    script < 0.01505
                      ? `the ${SEARCH_WORDS.rare} fleet`
                      : pick(SUBJECTS[category] as string[]),
                  )
                  .replace('{v}', pick(VERBS))
                  .replace('{p}', pick(PLACES))
                  .replace('{n}', String(2 + Math.floor(rnd() * 400)))
                  .replace('{k}', String(2 + Math.floor(rnd() * 9)))
                  .replace(/^./, (c) => c.toUpperCase());
        for (const band of new Set(signature(text).bands)) lsh.push([band, id]);
        const quality = Math.round((0.35 + rnd() * 0.6) * 1000) / 1000;
        const flagged = rnd() < 0.04 ? 1 : 0;
        const isPublic = rnd() < 0.85 ? 1 : 0;
        const user = 1 + Math.floor(rnd() ** 1.3 * members);
        const likes = Math.floor(rnd() ** 4 * 30);
        const dislikes = Math.floor(rnd() ** 5 * 10);
        const commentCount = rnd() < 0.15 ? 1 + Math.floor(rnd() * 3) : 0;
        const engagement = likes - dislikes + 2 * commentCount;
        const ageHours = (now - Date.parse(created)) / 3_600_000;
        // Resolve-by dates and confidences (issue 26): most dated ones whose date has passed are
        // resolved, the rest are due (as the reminder job would have noted them).
        const targetMs =
          rnd() < 0.6 ? Date.parse(created) + (20 + Math.floor(rnd() * 400)) * 86_400_000 : null;
        const confidence = rnd() < 0.5 ? 50 + Math.floor(rnd() * 50) : null;
        const past = targetMs !== null && targetMs < now - 86_400_000;
        const resolvedMs =
          past && rnd() < 0.7 ? Math.min(now - 1000, targetMs + rnd() * 10 * 86_400_000) : null;
        const hot = Math.log10(Math.max(1, Math.abs(engagement) + 1)) - ageHours / 45;
        insertPrediction.run(
          id,
          user,
          text,
          category,
          cats.join(','),
          isPublic,
          text.length,
          quality,
          Math.round((rnd() * 2 - 1) * 100) / 100,
          Math.round(quality * 100),
          flagged,
          flagged ? 'machine_generated' : null,
          likes,
          dislikes,
          commentCount,
          engagement,
          hot,
          created,
          created,
          targetMs === null ? null : new Date(targetMs).toISOString().slice(0, 10),
          confidence,
          resolvedMs === null ? null : new Date(resolvedMs).toISOString(),
          past && resolvedMs === null ? new Date(now).toISOString() : null,
        );
        if (resolvedMs !== null) {
          const p = (confidence ?? 60) / 100 - 0.1 + rnd() * 0.2;
          const outcome = rnd() < 0.05 ? 'ambiguous' : rnd() < p ? 'yes' : 'no';
          const at = new Date(resolvedMs).toISOString();
          insertResolution.run(id, user, outcome, 0, 0, 0, at, at);
          resolutions++;
        }
        for (const c of cats) insertCategory.run(id, c);
        for (let v = 0; v < likes + dislikes; v++) {
          insertVote.run(id, 1 + Math.floor(rnd() * members), v < likes ? 1 : -1, created);
          votes++;
        }
        for (let c = 0; c < commentCount; c++) {
          insertComment.run(
            id,
            1 + Math.floor(rnd() * members),
            'Interesting: what makes you so sure about the timing?',
            created,
          );
          comments++;
        }
      }
      for (const [band, id] of lsh) insertLsh.run(band, id);
    })();
    log(`predictions: ${Math.min(start + batch - 1, predictions)} / ${predictions}`);
  }
  const startedBands = performance.now();
  db.exec('drop index prediction_lsh_pred_idx');
  db.exec('insert into prediction_lsh select band_key, prediction_id from lsh_stage order by 1, 2');
  db.exec('drop table lsh_stage');
  db.exec('create index prediction_lsh_pred_idx on prediction_lsh (prediction_id)');
  log(`LSH bands indexed in ${((performance.now() - startedBands) / 1000).toFixed(1)} s`);
  const startedRollups = performance.now();
  fillRollups(db);
  fillTrackRecords(db);
  // The bands are current: the server's re-signing job has nothing to do during a run.
  const resigned: ResignCheckpoint = {
    version: SIGNATURE_VERSION,
    lastId: predictions,
    done: true,
    at: new Date(now).toISOString(),
  };
  db.prepare('insert into job_state (name, checkpoint, updated_at) values (?, ?, ?)').run(
    LSH_RESIGN_JOB,
    JSON.stringify(resigned),
    resigned.at,
  );
  // Nor has the re-scoring job: without this checkpoint it re-scored every generated prediction
  // (their scores are synthetic) at start-up, holding the event loop for most of a run.
  const rescored: RescoreCheckpoint = {
    version: SCORING_VERSION,
    lastId: predictions,
    rescored: 0,
    done: true,
    at: new Date(now).toISOString(),
  };
  db.prepare('insert into job_state (name, checkpoint, updated_at) values (?, ?, ?)').run(
    RESCORE_JOB,
    JSON.stringify(rescored),
    rescored.at,
  );
  log(`rollups filled in ${((performance.now() - startedRollups) / 1000).toFixed(1)} s`);
  // The search index was filled by migration 032's triggers on every insert: merge its segments,
  // as a long-running server's index would be.
  const startedSearch = performance.now();
  db.exec("insert into predictions_fts (predictions_fts) values ('optimize')");
  log(`search index optimised in ${((performance.now() - startedSearch) / 1000).toFixed(1)} s`);
  db.exec('analyze');
  db.close();
  renameSync(tmp, file);
  return { members, predictions, votes, comments, resolutions };
}

/**
 * The stored track records (migration 033) for the bulk-loaded resolutions, by INSERT … SELECT …
 * GROUP BY, with the semantics the resolution feature keeps on every write: yes/no resolutions
 * count (ambiguous and disputed ones don't), Brier terms as integers (confidence − 100·outcome)²,
 * due_open for dated, unresolved predictions the reminder job has noted.
 */
function fillTrackRecords(db: SQLite.Database) {
  const yes = "case when r.outcome = 'yes' then 1 else 0 end";
  const counted = "r.outcome in ('yes', 'no') and r.disputed = 0";
  const bucket = (b: number) =>
    `sum(case when ${counted} and p.confidence between ${b} and ${b + 9} then 1 else 0 end),
     sum(case when ${counted} and p.confidence between ${b} and ${b + 9} then p.confidence else 0 end),
     sum(case when ${counted} and p.confidence between ${b} and ${b + 9} then ${yes} else 0 end)`;
  const counters = `sum(case when ${counted} then 1 else 0 end),
    sum(case when ${counted} then ${yes} else 0 end),
    sum(case when ${counted} and p.confidence is not null then 1 else 0 end),
    sum(case when ${counted} and p.confidence is not null
      then (p.confidence - 100 * ${yes}) * (p.confidence - 100 * ${yes}) else 0 end),
    sum(case when r.prediction_id is null and p.due_noted_at is not null then 1 else 0 end),
    ${[50, 60, 70, 80, 90].map(bucket).join(',\n')}`;
  const columns = `resolved, came_true, scored, brier_sum, due_open, ${[50, 60, 70, 80, 90]
    .map((b) => `b${b}_n, b${b}_conf, b${b}_yes`)
    .join(', ')}`;
  const from = `from predictions p left join resolutions r on r.prediction_id = p.id
    where r.prediction_id is not null or p.due_noted_at is not null`;
  db.transaction(() => {
    db.exec(
      `insert into track_records (user_id, scope, ${columns}) select p.user_id, 'all', ${counters} ${from} group by p.user_id`,
    );
    db.exec(`insert into track_records (user_id, scope, ${columns})
      select p.user_id, 'public', ${counters} ${from} and p.is_public = 1 group by p.user_id`);
    db.exec(
      `update track_records set brier = case when scored > 0 then brier_sum * 1.0 / (scored * 10000) end`,
    );
    db.exec(
      `insert into track_record_totals (scope, ${columns}) select 'public', ${counters} ${from} and p.is_public = 1`,
    );
  })();
}

/**
 * The rollup tables for the bulk-loaded rows, by INSERT … SELECT … GROUP BY, with the semantics the
 * app's writer keeps on every insert (docs/decisions/002-data-model.md, 010-analytics.md): per UTC
 * day, category '*' counts each prediction once, a named category once per chosen category.
 */
function fillRollups(db: SQLite.Database) {
  const day = 'substr(p.created_at, 1, 10)';
  const hour = 'cast(substr(p.created_at, 12, 2) as integer)';
  const daily = `count(*), sum(p.is_public), sum(p.is_flagged), count(p.reliability_score),
    coalesce(sum(p.reliability_score), 0), sum(p.text_length),
    sum(case when p.reliability_score >= ${TIER.high} then 1 else 0 end),
    sum(case when p.reliability_score >= ${TIER.good} and p.reliability_score < ${TIER.high} then 1 else 0 end),
    sum(case when p.reliability_score >= ${TIER.fair} and p.reliability_score < ${TIER.good} then 1 else 0 end),
    sum(case when p.reliability_score < ${TIER.fair} then 1 else 0 end)`;
  const dailyColumns = `(day, category, predictions, public_predictions, flagged, scored, quality_sum, length_sum,
    tier_high, tier_good, tier_fair, tier_low)`;
  const named = 'from predictions p join prediction_categories pc on pc.prediction_id = p.id';
  db.transaction(() => {
    db.exec(`insert into rollup_daily ${dailyColumns}
      select ${day}, '*', ${daily} from predictions p group by 1`);
    db.exec(`insert into rollup_daily ${dailyColumns}
      select ${day}, pc.category, ${daily} ${named} group by 1, 2`);
    db.exec(`insert into rollup_hourly (day, category, hour, predictions)
      select ${day}, '*', ${hour}, count(*) from predictions p group by 1, 3`);
    db.exec(`insert into rollup_hourly (day, category, hour, predictions)
      select ${day}, pc.category, ${hour}, count(*) ${named} group by 1, 2, 3`);
    db.exec(`insert into rollup_daily_members (day, category, user_id, predictions)
      select ${day}, '*', p.user_id, count(*) from predictions p group by 1, 3`);
    db.exec(`insert into rollup_daily_members (day, category, user_id, predictions)
      select ${day}, pc.category, p.user_id, count(*) ${named} group by 1, 2, 3`);
  })();
}

/**
 * The server's background jobs find nothing to catch up on when a run starts, as on a server that
 * has been running: the analyses are the current engine's (the generator's are written as such),
 * and the reminder job has just noted what fell due. Otherwise a run would measure the endpoints
 * while the server re-scores a million predictions, or notes (and mails) every prediction that fell
 * due since the data set was generated.
 */
function markJobsCurrent(file: string, now = Date.now()) {
  const db = new SQLite(file);
  try {
    const at = new Date(now).toISOString();
    const maxId = (db.prepare('select coalesce(max(id), 0) as n from predictions').get() as { n: number }).n;
    const rescored: RescoreCheckpoint = {
      version: SCORING_VERSION,
      lastId: maxId,
      rescored: 0,
      done: true,
      at,
    };
    const reminded: ReminderCheckpoint = { today: at.slice(0, 10), after: null, done: true, at, sent: 0 };
    const save = db.prepare(
      `insert into job_state (name, checkpoint, updated_at) values (?, ?, ?)
       on conflict (name) do update set checkpoint = excluded.checkpoint, updated_at = excluded.updated_at`,
    );
    save.run(RESCORE_JOB, JSON.stringify(rescored), at);
    save.run(REMINDER_JOB, JSON.stringify(reminded), at);
  } finally {
    db.close();
  }
}

/** The cached data set for this size and generator version, generated on first use. */
export async function dataSet(predictions: number, log: (line: string) => void): Promise<string> {
  // Keyed by generator, schema and scoring versions, so a change to any of them regenerates.
  const file = `data/bench/bench-g${GENERATOR_VERSION}-m${Object.keys(migrations).length}-${SIGNATURE_VERSION}-s${SCORING_VERSION}-${predictions}.db`;
  if (!existsSync(file)) {
    const started = performance.now();
    const summary = await generate({ file, predictions, log });
    log(`generated ${JSON.stringify(summary)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  markJobsCurrent(file);
  return file;
}
