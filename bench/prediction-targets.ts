import { SessionManager } from '#server/plugins/auth.ts';
import { PLACES } from './generate.ts';
import type { BenchContext, BenchTarget } from './types.ts';

// The predictions feature's endpoints under load (docs/decisions/007-predictions-and-reliability.md).
// Bench members have no password, so sessions are issued straight into the run's database with
// the server's secret: the same rows and tokens a sign-in would produce.

/** Enough members that the per-member limit (10 a minute) never trips during a run. */
const SUBMITTERS = 2000;

async function issueTokens(ctx: BenchContext, userIds: readonly number[]): Promise<string[]> {
  const database = ctx.connect();
  try {
    const users = await database.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where('id', 'in', [...userIds])
      .execute();
    const sessions = new SessionManager(database.db, ctx.sessionSecret);
    const tokens: string[] = [];
    for (const user of users) tokens.push((await sessions.issue(user, { remember: true })).token);
    return tokens;
  } finally {
    await database.close();
  }
}

/** A member with a typical history (10+ predictions), found through the (user_id, created_at) index. */
async function typicalMember(ctx: BenchContext): Promise<number> {
  const database = ctx.connect();
  try {
    for (const id of [500, 1000, 2000, 5000, 200, 50, 1]) {
      const row = await database.db
        .selectFrom('predictions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= 10) return id;
    }
    return 1;
  } finally {
    await database.close();
  }
}

async function memberHeaders(ctx: BenchContext) {
  const [token] = await issueTokens(ctx, [await typicalMember(ctx)]);
  return { authorization: `Bearer ${token}` };
}

// Varied, distinct, publishable texts, as different from each other as members' texts are (a
// single template would make every text a near-duplicate candidate of every other); each carries
// its own number, so none is a duplicate.
const SUBJECTS = [
  'heat pumps',
  'electric ferries',
  'rooftop solar',
  'city bike lanes',
  'home batteries',
  'robotaxis',
  'lab-grown meat',
  'fusion pilots',
  'vertical farms',
  'cargo drones',
  'sodium batteries',
  'tidal turbines',
  'night trains',
  'gene therapies',
  'hydrogen buses',
  'space tourism',
  'chess streaming',
  'vinyl sales',
  'rent caps',
  'carbon taxes',
  'remote schooling',
  'solid-state chips',
  'reusable rockets',
  'wave parks',
];
const FRAMES: Array<(s: string, p: string, n: number) => string> = [
  (s, p, n) => `By ${2027 + (n % 9)}, ${s} in ${p} will pass ${1000 + n} units a month.`,
  (s, p, n) =>
    `I expect ${p} to double its ${s} capacity before ${2028 + (n % 7)}; my estimate is ${n} sites.`,
  (s, p, n) => `Within ${2 + (n % 6)} years ${s} will be ordinary in ${p}, with ${n} thousand users.`,
  (s, p, n) => `${p} will ban or heavily tax ${s} by ${2029 + (n % 5)} after ${n % 50} cities vote for it.`,
  (s, p, n) =>
    `Prices for ${s} will fall ${10 + (n % 60)}% in ${p} over the next ${n % 9 || 3} years (ref ${n}).`,
  (s, p, n) => `Before the end of ${2027 + (n % 8)}, investors will put $${n} million into ${s} across ${p}.`,
];
const benchText = (n: number) => {
  const pick = <T>(xs: readonly T[], k: number) => xs[k % xs.length] as T;
  const frame = pick(FRAMES, n);
  return frame(pick(SUBJECTS, Math.floor(n / 6)), pick(PLACES, Math.floor(n / 7) + n), n);
};
let submitTokens: string[] = [];
let sequence = 0;

export const predictionTargets: BenchTarget[] = [
  { name: 'GET /api/stats/submit', path: '/api/stats/submit', minRatio: 0.3 },
  {
    name: 'GET /api/my-predictions (typical member)',
    path: '/api/my-predictions',
    minRatio: 0.1,
    prepare: memberHeaders,
  },
  {
    name: 'GET /api/auth/stats (typical member)',
    path: '/api/auth/stats',
    minRatio: 0.15,
    prepare: memberHeaders,
  },
  // Issue 26: stored aggregates, never a scan (docs/decisions/015-resolution.md).
  { name: 'GET /api/leaderboard', path: '/api/leaderboard', minRatio: 0.2 },
  {
    name: 'GET /api/my-track-record (typical member)',
    path: '/api/my-track-record',
    // A signed-in read (session check, then three primary-key reads): the budget of /api/auth/stats.
    minRatio: 0.15,
    prepare: memberHeaders,
  },
  { name: 'GET /api/analytics/resolution', path: '/api/analytics/resolution', minRatio: 0.2 },
  {
    name: 'POST /api/predictions (scored, LSH, rollups)',
    method: 'POST',
    path: '/api/predictions',
    body: '{}',
    minRatio: 0.05,
    prepare: async (ctx) => {
      submitTokens = await issueTokens(
        ctx,
        Array.from({ length: SUBMITTERS }, (_, i) => i + 1),
      );
      return undefined;
    },
    setupRequest: (request) => {
      const n = sequence++;
      const token = submitTokens[n % submitTokens.length];
      const text = benchText(n);
      return {
        ...request,
        headers: { ...request.headers, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ prediction_text: text, categories: n % 3 ? 'Environment' : null }),
      };
    },
  },
];
