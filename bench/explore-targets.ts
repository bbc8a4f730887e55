import { sql } from 'kysely';
import type { ExploreSort } from '#shared/schemas/explore.ts';
import { encodeListCursor } from '#server/features/explore/cursor.ts';
import { BROWSER } from './community-targets.ts';
import { SEARCH_WORDS } from './generate.ts';
import type { BenchContext, BenchTarget } from './types.ts';

// The explore calls under load (docs/decisions/014-explore.md): guests' first pages and one
// prediction through the cached path (≥ 0.3× hello-world); the same first pages uncached against a
// page 10,000 items deep (keyset: ≥ 0.8× of the first page's requests/s); search, which is never
// cached, for a common word, a rare one and a Persian one (p99 ≤ 50 ms); a profile with its
// track record (≥ 0.2×).

const SORTS: readonly ExploreSort[] = ['new', 'hot', 'top'];
const DEPTH = 10_000;
const UNCACHED = { ...BROWSER, 'cache-control': 'no-cache' };

const SORT_KEY: Record<ExploreSort, ReturnType<typeof sql<string | number>>> = {
  new: sql`created_at`,
  hot: sql`hot_score`,
  top: sql`(likes_count - dislikes_count)`,
};

/** The cursor a walk of `sort` would hold after DEPTH items, read straight from the database. */
async function deepCursor(ctx: BenchContext, sort: ExploreSort): Promise<string> {
  const database = ctx.connect();
  try {
    const key = SORT_KEY[sort];
    const { rows } = await sql<{ id: number; k: string | number; m: number }>`
      select id, ${key} as k, (select max(id) from predictions) as m from predictions
      where is_public = 1 and is_flagged = 0
      order by ${key} desc, id desc limit 1 offset ${DEPTH - 1}`.execute(database.db);
    const row = rows[0];
    if (!row) throw new Error(`fewer than ${DEPTH} listed predictions`);
    const [m, i] = [Number(row.m), Number(row.id)];
    return sort === 'new'
      ? encodeListCursor({ s: 'new', m, k: String(row.k), i })
      : encodeListCursor({ s: sort, m, k: Number(row.k), i });
  } finally {
    await database.close();
  }
}

/** Requests that let the server's JIT settle before a measurement (these run first with --only). */
async function warmUp(ctx: BenchContext, path: string, headers: Record<string, string>) {
  for (let i = 0; i < 300; i++) await (await fetch(ctx.baseUrl + path, { headers })).arrayBuffer();
}

let listedId = 1;
let profileName = '';
const cursors: Partial<Record<ExploreSort, string>> = {};

const firstPage = (sort: ExploreSort) => `GET /api/predictions?sort=${sort} (first page, uncached)`;

export const exploreTargets: BenchTarget[] = [
  ...SORTS.map(
    (sort): BenchTarget => ({
      name: `GET /api/predictions?sort=${sort} (first page, cached)`,
      path: `/api/predictions?sort=${sort}`,
      headers: BROWSER,
      minRatio: 0.3,
      prepare: async (ctx) => {
        await warmUp(ctx, `/api/predictions?sort=${sort}`, BROWSER);
        return undefined;
      },
    }),
  ),
  {
    name: 'GET /api/predictions/:id (cached)',
    path: '/api/predictions/1',
    headers: BROWSER,
    minRatio: 0.3,
    prepare: async (ctx) => {
      const database = ctx.connect();
      try {
        const row = await database.db
          .selectFrom('predictions')
          .select('id')
          .where('is_public', '=', 1)
          .where('is_flagged', '=', 0)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        listedId = row.id;
      } finally {
        await database.close();
      }
      await warmUp(ctx, `/api/predictions/${listedId}`, BROWSER);
      return undefined;
    },
    setupRequest: (request) => ({ ...request, path: `/api/predictions/${listedId}` }),
  },
  {
    // Issue 26: the profile reads the member's public track record and weighs it into reliability.
    name: 'GET /api/users/:username (profile with track record)',
    path: '/api/users/x',
    headers: BROWSER,
    minRatio: 0.2,
    prepare: async (ctx) => {
      const database = ctx.connect();
      try {
        const row = await database.db
          .selectFrom('track_records as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select('u.username')
          .where('t.scope', '=', 'public')
          .orderBy('t.resolved', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        profileName = row.username;
      } finally {
        await database.close();
      }
      await warmUp(ctx, `/api/users/${encodeURIComponent(profileName)}`, BROWSER);
      return undefined;
    },
    setupRequest: (request) => ({ ...request, path: `/api/users/${encodeURIComponent(profileName)}` }),
  },
  ...SORTS.flatMap((sort): BenchTarget[] => [
    {
      name: firstPage(sort),
      path: `/api/predictions?sort=${sort}`,
      headers: UNCACHED,
      prepare: async (ctx) => {
        await warmUp(ctx, `/api/predictions?sort=${sort}`, UNCACHED);
        return undefined;
      },
    },
    {
      name: `GET /api/predictions?sort=${sort} (after ${DEPTH.toLocaleString('en')}, uncached)`,
      path: `/api/predictions?sort=${sort}`,
      headers: UNCACHED,
      vs: { name: firstPage(sort), min: 0.8 },
      prepare: async (ctx) => {
        cursors[sort] = await deepCursor(ctx, sort);
        await warmUp(ctx, `/api/predictions?sort=${sort}&cursor=${cursors[sort]}`, UNCACHED);
        return undefined;
      },
      setupRequest: (request) => ({
        ...request,
        path: `/api/predictions?sort=${sort}&cursor=${cursors[sort]}`,
      }),
    },
  ]),
  ...Object.entries(SEARCH_WORDS).map(
    ([kind, word]): BenchTarget => ({
      name: `GET /api/predictions?q= (search, ${kind} word, uncached)`,
      path: `/api/predictions?q=${encodeURIComponent(word)}`,
      headers: BROWSER,
      maxP99Ms: 50,
      prepare: async (ctx) => {
        await warmUp(ctx, `/api/predictions?q=${encodeURIComponent(word)}`, BROWSER);
        return undefined;
      },
    }),
  ),
];
