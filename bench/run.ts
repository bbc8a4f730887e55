import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { devSets } from '#server/scoring/eval/sets.ts';
import { measureTiming } from '#server/scoring/eval/timing.ts';
import { compareRollupsWithGroupBy } from './analytics-compare.ts';
import { dataSet } from './generate.ts';
import { targets } from './targets.ts';
import type { BenchTarget } from './types.ts';

// npm run bench [-- --small] [--predictions N] [--duration S] [--only name]
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const small = flag('--small');
const predictions = Number(option('--predictions') ?? (small ? 20_000 : 1_000_000));
const duration = Number(option('--duration') ?? (small ? 3 : 8));
const only = option('--only');
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

  const hello = await start(['--import', 'tsx', 'bench/hello.ts'], { PORT: '0' });
  const base = await measure(`http://127.0.0.1:${hello.port}/`, {});
  await stop(hello.child);

  const sessionSecret = 'bench-secret-bench-secret-bench-secret';
  // BENCH_PROFILE=1 writes a V8 CPU profile of the server to data/bench/profiles (open it in DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=data/bench/profiles'] : [];
  const server = await start([...profile, '--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(3900 + Math.floor(Math.random() * 90)),
    DATABASE_URL: runFile,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    SESSION_SECRET: sessionSecret,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const rows: string[][] = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'budget', 'errors', 'verdict'],
  ];
  rows.push([
    'hello-world (bare Fastify)',
    base.rps.toFixed(0),
    String(base.p50),
    String(base.p99),
    '1.00',
    '',
    String(base.errors),
    '',
  ]);
  let failures = 0;
  try {
    for (const target of targets.filter((t) => !only || t.name.includes(only))) {
      const reference = target.server
        ? await start(['--import', 'tsx', target.server], {
            PORT: '0',
            DATABASE_URL: runFile,
            SESSION_SECRET: sessionSecret,
          })
        : undefined;
      const url = reference ? `http://127.0.0.1:${reference.port}` : baseUrl;
      const extra = (await target.prepare?.({ baseUrl: url, databaseFile: runFile, sessionSecret })) ?? {};
      const r = await measure(url + target.path, target, extra).finally(
        () => reference && stop(reference.child),
      );
      const ratio = r.rps / base.rps;
      const ok =
        (target.minRatio === undefined || ratio >= target.minRatio) &&
        (target.maxP50Ms === undefined || r.p50 <= target.maxP50Ms) &&
        r.errors === 0;
      if (!ok) failures++;
      const budget = [
        target.minRatio !== undefined ? `≥${target.minRatio}×` : '',
        target.maxP50Ms !== undefined ? `p50≤${target.maxP50Ms}ms` : '',
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
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  log(
    `\n${connections} connections, ${duration} s each, ${predictions.toLocaleString('en')} predictions, Node ${process.version}`,
  );
  for (const r of rows) log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  if (!only || 'analytics'.includes(only) || only.includes('analytics')) {
    failures += await compareRollupsWithGroupBy(runFile, log);
  }
  if (!only || 'scoring'.includes(only)) failures += scoringCost();
  log(failures ? `\n${failures} target(s) missed their budget` : '\nall targets within budget');
  process.exitCode = failures ? 1 : 0;
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
