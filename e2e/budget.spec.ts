import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { watchLayoutShifts } from './support';

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

// Lighthouse gates CLS at 0.02 on a phone (npm run lighthouse). The skeletons, carousels, figures and
// the cycling 'Join & Predict' button keep their size when data arrives, so the page scores 0.0000 to
// 0.0001 at both ends of the range: held here near zero, a skeleton a few pixels off fails.
const CLS_LIMIT = 0.002;
for (const width of [360, 1280]) {
  test(`loading the home page at ${width} px shifts nothing on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 400 ? 740 : 800 });
    const layoutShifts = await watchLayoutShifts(page);
    const stats = page.waitForResponse('**/api/stats/homepage');
    await page.goto('/', { waitUntil: 'networkidle' });
    await stats;
    await expect(
      page.getByRole('region', { name: 'Community Predictions' }).getByRole('article').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'AI News Analysis' }).getByRole('article').first(),
    ).toBeVisible();
    await page.waitForTimeout(500);
    const cls = await layoutShifts();
    console.log(`home page at ${width} px: CLS ${cls.toFixed(4)}`);
    expect(cls).toBeLessThanOrEqual(CLS_LIMIT);
  });
}

test('the placeholder height of the home page below its first screen is close to the real one', async ({
  page,
}) => {
  for (const width of [320, 360, 412, 640, 768]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/', { waitUntil: 'networkidle' });
    const stretch = page.locator('.below-the-fold');
    const placeholder = await stretch.evaluate((e) => e.getBoundingClientRect().height);
    await stretch.evaluate((e) => e.scrollIntoView());
    await page.waitForTimeout(200);
    const real = await stretch.evaluate((e) => e.getBoundingClientRect().height);
    console.log(`${width} px: placeholder ${Math.round(placeholder)} px, real ${Math.round(real)} px`);
    expect(Math.abs(placeholder - real) / real).toBeLessThanOrEqual(0.15);
  }
});
