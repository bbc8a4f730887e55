import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

// Issue 5: the home page ships at most 120 KB of gzipped JavaScript before any interaction, and no
// chart code. Measured on what Chromium actually loads from the real server, not on the build
// output: every JavaScript response until the page settles, each gzipped at level 9 (what
// scripts/precompress.mjs writes; the server sends the Brotli copy, which is smaller still).

const HOME_BUDGET_BYTES = 120 * 1024;

/** Chart.js keeps its listeners under this property; minification never renames it. */
const CHART_JS_MARKER = '_chartjs';

interface Script {
  path: string;
  gzipBytes: number;
  chart: boolean;
}

/** Opens `path` without touching the page and returns every script it loaded once the network is quiet. */
async function scriptsLoadedBy(page: Page, path: string, settled: () => Promise<void>): Promise<Script[]> {
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => ({
          path: new URL(response.url()).pathname,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          chart: body.includes(CHART_JS_MARKER),
        }),
        () => null,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled();
  // Anything a timer or an idle callback would fetch without the visitor doing anything.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, scripts: Script[]): number {
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const lines = [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => `  ${kb(s.gzipBytes).padStart(9)}  ${s.path}`);
  console.log(`${title}: ${kb(total)} of gzipped JavaScript in ${scripts.length} files\n${lines.join('\n')}`);
  return total;
}

test('the home page loads at most 120 KB of gzipped JavaScript before interaction, and no chart code', async ({
  page,
}) => {
  const scripts = await scriptsLoadedBy(page, '/', async () => {
    // Settled: both carousels hold their data and the live figures are in.
    await expect(
      page.getByRole('region', { name: 'Community Predictions' }).getByRole('article').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'AI News Analysis' }).getByRole('article').first(),
    ).toBeVisible();
  });
  const total = report('home page', scripts);
  expect(scripts.filter((s) => s.chart).map((s) => s.path)).toEqual([]);
  expect(total).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
});

test('the chart check can fail: the analytics page does load Chart.js', async ({ page }) => {
  const scripts = await scriptsLoadedBy(page, '/analytics', async () => {
    await expect(page.locator('canvas').first()).toBeVisible();
  });
  report('analytics page', scripts);
  expect(scripts.filter((s) => s.chart).length).toBeGreaterThan(0);
});
