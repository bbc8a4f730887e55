import { TIMEFRAMES } from '#shared/schemas/analytics.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { rawSource } from '#server/features/analytics/analytics-raw.repository.ts';
import { rollupSource } from '#server/features/analytics/analytics.repository.ts';
import { ANALYTICS_CALLS, createAnalyticsService } from '#server/features/analytics/analytics.service.ts';

/** Rollups must beat a direct GROUP BY over the raw tables by at least this factor. */
export const MIN_SPEEDUP = 20;

const CALLS = ANALYTICS_CALLS;

async function median(run: () => Promise<unknown>, times: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/**
 * The same analytics figures two ways, in-process on the run's data set: from the rollups (the
 * app's path) and by a direct GROUP BY over `predictions` (what the rollups replace). Also checks
 * that both give the same answer. Returns the number of comparisons that missed MIN_SPEEDUP.
 */
export async function compareRollupsWithGroupBy(file: string, log: (line: string) => void): Promise<number> {
  const database = connectDatabase({ dialect: 'sqlite', filename: file });
  const now = () => Date.now();
  const rollups = createAnalyticsService({ source: rollupSource(database.db), now });
  const direct = createAnalyticsService({ source: rawSource(database.db, 'sqlite'), now });
  const rows = [['analytics call', 'rollups ms', 'GROUP BY ms', 'speed-up', 'same figures', 'verdict']];
  let failures = 0;
  try {
    for (const timeframe of TIMEFRAMES.filter((t) => t === 'week' || t === 'year')) {
      for (const call of CALLS) {
        const query = { timeframe, category: 'all' } as const;
        const [a, b] = [await rollups[call](query), await direct[call](query)];
        const same = JSON.stringify(a) === JSON.stringify(b);
        const fast = await median(() => rollups[call](query), 15);
        const slow = await median(() => direct[call](query), 3);
        const ok = same && slow / fast >= MIN_SPEEDUP;
        if (!ok) failures++;
        rows.push([
          `${call} (${timeframe})`,
          fast.toFixed(2),
          slow.toFixed(0),
          `${(slow / fast).toFixed(0)}×`,
          same ? 'yes' : 'NO',
          ok ? 'ok' : 'MISSED',
        ]);
      }
    }
  } finally {
    await database.close();
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  log(`\nrollups against a direct GROUP BY (in-process, median; target ≥ ${MIN_SPEEDUP}×)`);
  for (const r of rows) log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  return failures;
}
