import { SessionManager } from '#server/plugins/auth.ts';
import type { BenchContext, BenchRequest, BenchTarget } from './types.ts';

// The home page's calls under load (docs/decisions/008-community-and-hot-topics.md and
// 009-news-pipeline.md): the cached reads at ≥ 0.5× hello-world, like toggles at ≥ 0.2×.

/** Members voting; with the per-member limit (60 a minute) none trips during a run. */
const VOTERS = 2000;
/** Predictions they vote on: public, unflagged ones spread over the table. */
const TARGETS = 5000;

let tokens: string[] = [];
let predictionIds: number[] = [];
let next = 0;

async function prepareVoters(ctx: BenchContext) {
  const database = ctx.connect();
  try {
    const users = await database.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .orderBy('id')
      .limit(VOTERS)
      .execute();
    const sessions = new SessionManager(database.db, ctx.sessionSecret);
    tokens = [];
    for (const user of users) tokens.push((await sessions.issue(user, { remember: true })).token);
    const rows = await database.db
      .selectFrom('predictions')
      .select('id')
      .where('is_public', '=', 1)
      .where('is_flagged', '=', 0)
      .where('id', '<=', 200_000)
      .orderBy('id')
      .limit(TARGETS)
      .execute();
    predictionIds = rows.map((r) => r.id);
  } finally {
    await database.close();
  }
  return undefined;
}

/** Each request: the next member, a prediction, like or dislike: toggles in every state. */
function voteRequest(request: BenchRequest): BenchRequest {
  const i = next++;
  const token = tokens[i % tokens.length];
  const id = predictionIds[(i * 7919) % predictionIds.length];
  return {
    ...request,
    method: 'POST',
    path: `/api/predictions/${id}/${i % 3 === 0 ? 'dislike' : 'like'}`,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
  };
}

/** What every browser sends with a fetch(); the cached replies are kept compressed for it. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The same members asking for their votes on one prediction: a signed-in call's floor. */
function interactionsRequest(request: BenchRequest): BenchRequest {
  const i = next++;
  return {
    ...request,
    method: 'POST',
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      authorization: `Bearer ${tokens[i % tokens.length]}`,
    },
    body: JSON.stringify({ predictionIds: [predictionIds[(i * 7919) % predictionIds.length]] }),
  };
}

export const communityTargets: BenchTarget[] = [
  { name: 'GET /api/hot-topics/ai', path: '/api/hot-topics/ai', headers: BROWSER, minRatio: 0.5 },
  { name: 'GET /api/enhanced-hot-topics', path: '/api/enhanced-hot-topics', headers: BROWSER, minRatio: 0.5 },
  { name: 'GET /api/stats/homepage', path: '/api/stats/homepage', headers: BROWSER, minRatio: 0.5 },
  {
    name: 'POST /api/predictions/:id/like|dislike (toggle, 2,000 members)',
    method: 'POST',
    path: '/api/predictions/1/like',
    minRatio: 0.2,
    prepare: prepareVoters,
    setupRequest: voteRequest,
  },
  {
    // No budget: the reference a toggle is held against (docs/decisions/011-write-path-budgets.md).
    // The same pipeline (bearer session check, per-member limit, body validation) and one indexed
    // read instead of the toggle's writes.
    name: 'POST /api/predictions/interactions (signed-in floor, reference)',
    method: 'POST',
    path: '/api/predictions/interactions',
    prepare: prepareVoters,
    setupRequest: interactionsRequest,
  },
  {
    // No budget: the same toggles against bench/toggle-floor.ts (bare Fastify, the same token check
    // and statements run synchronously): what HTTP, the token and the database work cost at least.
    name: 'POST like|dislike on bare Fastify, sync statements (toggle floor, reference)',
    method: 'POST',
    path: '/api/predictions/1/like',
    prepare: prepareVoters,
    setupRequest: voteRequest,
    server: 'bench/toggle-floor.ts',
  },
];
