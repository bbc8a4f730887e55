import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { connectDatabase, type Database } from '#server/db/connect.ts';
import { devSets } from '#server/scoring/eval/sets.ts';
import { measureTiming } from '#server/scoring/eval/timing.ts';
import { compareRollupsWithGroupBy } from './analytics-compare.ts';
import { dataSet } from './generate.ts';
import { postgresDataSet, postgresRunDatabase } from './postgres.ts';
import { targets } from './targets.ts';
import type { BenchTarget } from './types.ts';

// npm run bench [-- --small] [--predictions N] [--duration S] [--only name[,name…]] [--db sqlite|postgres]
// --db postgres measures the same targets twice in one run: on SQLite, then on PostgreSQL + Redis
// (BENCH_DATABASE_URL, an admin connection to create the bench databases; BENCH_REDIS_URL).
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const small = flag('--small');
const predictions = Number(option('--predictions') ?? (small ? 20_000 : 1_000_000));
const duration = Number(option('--duration') ?? (small ? 3 : 8));
const onlyNames = option('--only')?.split(',');
const only = onlyNames ? (name: string) => onlyNames.some((o) => name.includes(o)) : undefined;
const database = option('--db') ?? 'sqlite';
if (database !== 'sqlite' && database !== 'postgres') throw new Error('--db must be sqlite or postgres');
const postgresAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = 16;
const log = (line: string) => process.stdout.write(`${line}\n`);

function start(
  command: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, command, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/listening (\d+)|Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) done({ child, port: Number(m[1] ?? m[2]) });
    });
    child.on('exit', (code) =>
      fail(new Error(`${command.join(' ')} exited with ${code}: ${out.slice(-500)}`)),
    );
  });
}

async function measure(url: string, target: Partial<BenchTarget>, extra: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    method: target.method ?? 'GET',
    headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers, ...extra },
    ...(target.body ? { body: target.body } : {}),
    ...(target.setupRequest ? { requests: [{ setupRequest: target.setupRequest }] } : {}),
    connections: target.connections ?? connections,
    duration,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    total: result.requests.total,
  };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

interface Pass {
  label: string;
  env: Record<string, string>;
  connect(): Database;
  postgres: boolean;
}

/** One table: hello-world, then every target against the app on one database. */
async function runPass(pass: Pass, runFile: string, sessionSecret: string) {
  const hello = await start(['--import', 'tsx', 'bench/hello.ts'], { PORT: '0' });
  const base = await measure(`http://127.0.0.1:${hello.port}/`, {});
  await stop(hello.child);

  // BENCH_PROFILE=1 writes a V8 CPU profile of the server to data/bench/profiles (open it in DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=data/bench/profiles'] : [];
  const server = await start([...profile, '--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(3900 + Math.floor(Math.random() * 90)),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    SESSION_SECRET: sessionSecret,
    ...pass.env,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const rows: string[][] = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'budget', 'errors', 'verdict'],
    [
      'hello-world (bare Fastify)',
      base.rps.toFixed(0),
      String(base.p50),
      String(base.p99),
      '1.00',
      '',
      String(base.errors),
      '',
    ],
  ];
  const ratios = new Map<string, { ratio: number; rps: number }>();
  let failures = 0;
  try {
    for (const target of targets.filter((t) => !only || only(t.name))) {
      // The reference servers are SQLite programs: they have no PostgreSQL counterpart.
      if (target.server && pass.postgres) continue;
      const reference = target.server
        ? await start(['--import', 'tsx', target.server], {
            PORT: '0',
            DATABASE_URL: runFile,
            SESSION_SECRET: sessionSecret,
          })
        : undefined;
      const url = reference ? `http://127.0.0.1:${reference.port}` : baseUrl;
      const extra =
        (await target.prepare?.({
          baseUrl: url,
          databaseFile: runFile,
          connect: pass.connect,
          sessionSecret,
        })) ?? {};
      const r = await measure(url + target.path, target, extra).finally(
        () => reference && stop(reference.child),
      );
      // Requests autocannon gave up on at the end may still be running (slow submissions) and
      // would invalidate the next target's cache: let them finish first.
      if (target.method === 'POST') await new Promise((done) => setTimeout(done, 2000));
      const ratio = r.rps / base.rps;
      ratios.set(target.name, { ratio, rps: r.rps });
      const other = target.vs ? ratios.get(target.vs.name) : undefined;
      const share = target.vs && other ? r.rps / other.rps : undefined;
      const ok =
        (target.minRatio === undefined || ratio >= target.minRatio) &&
        (target.maxP50Ms === undefined || r.p50 <= target.maxP50Ms) &&
        (target.maxP99Ms === undefined || r.p99 <= target.maxP99Ms) &&
        (target.vs === undefined || (share !== undefined && target.vs && share >= target.vs.min)) &&
        r.errors === 0;
      if (!ok) failures++;
      const budget = [
        target.minRatio !== undefined ? `≥${target.minRatio}×` : '',
        target.maxP50Ms !== undefined ? `p50≤${target.maxP50Ms}ms` : '',
        target.maxP99Ms !== undefined ? `p99≤${target.maxP99Ms}ms` : '',
        target.vs
          ? `≥${target.vs.min}× of ${target.vs.name} (${share === undefined ? 'not run' : share.toFixed(2)})`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      rows.push([
        target.name,
        r.rps.toFixed(0),
        String(r.p50),
        String(r.p99),
        ratio.toFixed(2),
        budget,
        String(r.errors),
        ok ? 'ok' : 'MISSED',
      ]);
    }
  } finally {
    await stop(server.child);
  }
  return { rows, ratios, failures };
}

function printTable(title: string, rows: string[][]) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  log(`\n${title}`);
  for (const r of rows) log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
}

/**
 * The scale-out path against the embedded default, in the same run (docs/decisions/012): cached
 * reads on PostgreSQL + Redis at ≥ 90% of their SQLite ratio, a like at ≥ 50%.
 */
const SCALE_OUT_TARGETS: Array<{ match: string; min: number }> = [
  { match: 'GET /api/hot-topics/ai', min: 0.9 },
  { match: 'GET /api/enhanced-hot-topics', min: 0.9 },
  { match: 'GET /api/stats/homepage', min: 0.9 },
  { match: 'GET analytics-dashboard (cached)', min: 0.9 },
  { match: 'POST /api/predictions/:id/like|dislike (toggle', min: 0.5 },
];

async function main() {
  if (!existsSync('dist/web/index.html')) {
    log('building the web app first (npm run build)…');
    const build = spawn('npx', ['vite', 'build'], { stdio: 'inherit' });
    await new Promise((r) => build.once('exit', r));
  }
  log(`data set: ${predictions.toLocaleString('en')} predictions`);
  const cached = await dataSet(predictions, log);
  mkdirSync('data/bench', { recursive: true });
  const runFile = resolve('data/bench/run.db');
  for (const f of [runFile, `${runFile}-wal`, `${runFile}-shm`]) rmSync(f, { force: true });
  copyFileSync(cached, runFile);

  const passes: Pass[] = [
    {
      label: 'SQLite (embedded default)',
      env: { DATABASE_URL: runFile },
      connect: () => connectDatabase({ dialect: 'sqlite', filename: runFile }),
      postgres: false,
    },
  ];
  let dropRun: (() => Promise<unknown>) | undefined;
  if (database === 'postgres') {
    const set = await postgresDataSet(cached, postgresAdminUrl, log);
    const run = await postgresRunDatabase(set, postgresAdminUrl);
    dropRun = run.drop;
    const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    await clearBenchKeys(redisUrl);
    passes.push({
      label: `PostgreSQL + Redis (${redisUrl})`,
      env: {
        DATABASE_URL: run.url,
        REDIS_URL: redisUrl,
        ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      },
      connect: () => connectDatabase({ dialect: 'postgres', connectionString: run.url }),
      postgres: true,
    });
  }

  const sessionSecret = 'bench-secret-bench-secret-bench-secret';
  let failures = 0;
  const results: Array<Awaited<ReturnType<typeof runPass>>> = [];
  try {
    for (const pass of passes) {
      log(`\nmeasuring on ${pass.label}…`);
      const result = await runPass(pass, runFile, sessionSecret);
      results.push(result);
      failures += result.failures;
    }
  } finally {
    await dropRun?.();
  }
  const header = `${connections} connections, ${duration} s each, ${predictions.toLocaleString('en')} predictions, Node ${process.version}`;
  for (const [i, pass] of passes.entries()) printTable(`${pass.label}: ${header}`, results[i]?.rows ?? []);
  const [sqlite, postgres] = results;
  if (sqlite && postgres) {
    // The budget compares ratios (each pass has its own hello-world); requests/s are shown too,
    // since on a shared machine the two hello-world figures can differ by more than the targets.
    log('\nPostgreSQL + Redis against SQLite, same run (ratio to hello-world; requests/s):');
    for (const { match, min } of SCALE_OUT_TARGETS) {
      const name = [...sqlite.ratios.keys()].find((n) => n.startsWith(match));
      const a = name ? sqlite.ratios.get(name) : undefined;
      const b = name ? postgres.ratios.get(name) : undefined;
      if (!name || !a?.ratio || !b) continue;
      const share = b.ratio / a.ratio;
      const ok = share >= min;
      if (!ok) failures++;
      log(
        `  ${name}: ${(share * 100).toFixed(0)}% of SQLite (${((b.rps / a.rps) * 100).toFixed(0)}% in req/s; budget ≥ ${min * 100}%): ${ok ? 'ok' : 'MISSED'}`,
      );
    }
  }
  if (!only || only('analytics') || onlyNames?.some((o) => 'analytics'.includes(o))) {
    failures += await compareRollupsWithGroupBy(runFile, log);
  }
  if (!only || onlyNames?.some((o) => 'scoring'.includes(o))) failures += scoringCost();
  log(failures ? `\n${failures} target(s) missed their budget` : '\nall targets within budget');
  process.exitCode = failures ? 1 : 0;
}

/** The bench server's own Redis keys from an earlier run (its rate-limit counts and cache). */
async function clearBenchKeys(url: string) {
  const redis = new Redis(url);
  try {
    for (const pattern of ['futurecast-rl:*', 'futurecast:cache:*']) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/** The scoring engine in this process, on the labelled set's texts (issue budget: p99 under 5 ms). */
function scoringCost(): number {
  const SCORING_P99_BUDGET_MS = 5;
  const dev = devSets();
  const t = measureTiming(
    dev.flags.predictions.map((p) => p.text),
    dev.flags.referenceDate ?? '',
  );
  const ok = t.p99Ms < SCORING_P99_BUDGET_MS && t.longestP99Ms < SCORING_P99_BUDGET_MS;
  log(
    `\nscoring per prediction, in process: p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms; 500-character texts p50 ${t.longestP50Ms} ms, p99 ${t.longestP99Ms} ms (budget p99 < ${SCORING_P99_BUDGET_MS} ms): ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok ? 0 : 1;
}

await main();
