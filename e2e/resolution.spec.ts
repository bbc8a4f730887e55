import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { signOptOutToken } from '../src/server/features/resolution/reminder-token.ts';
import { expectAccessible, registerMember, watchConsole } from './support';

// Resolution and track record (issue 26) in real Chromium against the real server: the submit
// form's resolve-by date, confidence and quality coach; resolving from the dashboard (and from a
// reminder's link); the track record and its calibration chart; the leaderboard; the analytics
// figure. Screenshots at 1280 and 360 px go to /tmp/shots-resolution.

const shots = '/tmp/shots-resolution';
mkdirSync(shots, { recursive: true });

const id = `res${Date.now() % 1_000_000}`;
const password = 'Sunny-Day-42';
let token = '';

const as = (page: Page, t: string) => page.addInitScript((v) => localStorage.setItem('token', v), t);
const api = (page: Page, method: 'get' | 'post', url: string, data?: object) =>
  page.request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });

/**
 * Moves a prediction's resolve-by date into the past, as time would: the API (rightly) accepts only
 * future dates, and the server's clock cannot be moved from here. The same file the server uses.
 */
function makeDue(predictionId: number) {
  const db = new SQLite(join(process.env.E2E_DATA_DIR ?? '', 'e2e.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("update predictions set target_date = '2026-01-15' where id = ?").run(predictionId);
  } finally {
    db.close();
  }
}

async function publish(page: Page, text: string, extra: object = {}): Promise<number> {
  const res = await api(page, 'post', '/api/predictions', {
    prediction_text: text,
    categories: 'Technology',
    ...extra,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).prediction.id as number;
}

/** The whole page at 1280 and 360 px, and at 360 px each named part on its own (easier to read). */
async function screenshot(page: Page, name: string, parts: Record<string, string> = {}) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    // From the top, so the sticky navigation bar is not caught mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  for (const [part, testId] of Object.entries(parts)) {
    const element = page.getByTestId(testId).first();
    // Centred, so the sticky navigation bar does not cover its top.
    await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await element.screenshot({ path: `${shots}/${name}-${part}-360.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe
  .serial('resolution', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email: `${id}@example.com`, username: id, password });
    });

    test('the submit form proposes the date as the text is typed, coaches, and sends the confidence', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await as(page, token);
      await page.goto('/submit');
      const text = page.getByLabel('What do you see coming?');
      const date = page.getByLabel(/Resolve by/);
      await text.fill(`By 2029 the ${id} tram line in Bergen will carry 40,000 riders a day.`);
      await expect(date).toHaveValue('2029-12-31');
      await expect(page.getByText(/Read from your text/)).toBeVisible();
      // The coach: the server's analysis 500 ms after typing stops.
      const coach = page.getByTestId('quality-coach');
      await expect(coach).toContainText(/\d+%/);
      await expect(coach).toContainText(/High Quality|Good Quality|Fair Quality|Needs Improvement/);
      await expect(coach).toContainText('Resolve-by date read from your text');
      // Confidence: off by default, then 80%.
      await expect(page.getByRole('slider', { name: 'Confidence' })).toHaveCount(0);
      await page.getByLabel(/How sure are you/).check();
      await page.getByRole('slider', { name: 'Confidence' }).fill('80');
      await expect(page.getByText('80%', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, 'submit', { coach: 'quality-coach' });
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      await expect(page.getByText('Prediction Launched!')).toBeVisible();
      const mine = await (await api(page, 'get', '/api/my-predictions')).json();
      expect(mine.predictions[0]).toMatchObject({
        target_date: '2029-12-31',
        target_date_inferred: true,
        confidence: 80,
        resolution: { status: 'open' },
      });
      expect(problems).toEqual([]);
    });

    test('resolves from the dashboard in two clicks; the track record and calibration chart follow', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await as(page, token);
      const text = `By 2031 the ${id} ferry between Oslo and Kiel will run on batteries alone.`;
      const dueId = await publish(page, text, { confidence: 80, resolve_by: '2031-12-31' });
      makeDue(dueId);
      await page.goto('/login');
      const due = page.getByTestId('due-for-resolution');
      await expect(due.getByRole('heading', { name: 'Due for resolution' })).toBeVisible();
      await expect(due).toContainText(text);
      // First on the dashboard: above the stat cards and the list.
      const dueBox = await due.boundingBox();
      const recentBox = await page.getByRole('heading', { name: 'Recent Predictions' }).boundingBox();
      expect(dueBox && recentBox && dueBox.y < recentBox.y).toBe(true);
      await expectAccessible(page);
      await screenshot(page, 'dashboard-due', { due: 'due-for-resolution' });

      // Two clicks: Resolve, then Yes.
      await due.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Did it come true?' });
      await expect(dialog).toContainText(text);
      // Checked once its opening animation is over (mid-fade, colours are not what they will be).
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await expectAccessible(page);
      await dialog.getByRole('button', { name: /Yes, it came true/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('due-for-resolution')).toHaveCount(0);
      const card = page.getByRole('article').filter({ hasText: text });
      await expect(card).toContainText('Came true');
      // Changeable for 24 hours.
      await expect(card.getByRole('button', { name: 'Change resolution' })).toBeVisible();

      // The track record: one resolved at 80%, Brier (0.8 − 1)² = 0.040; the chart renders.
      const record = page.getByRole('region', { name: 'Track Record' });
      await expect(record).toContainText('0.040');
      const chart = page.getByTestId('calibration-chart').first();
      await expect(chart).toContainText('0 is perfect; always saying 50% scores 0.25');
      await expect(chart.locator('canvas')).toBeVisible();
      await screenshot(page, 'dashboard', { chart: 'calibration-chart', record: 'track-record' });
      expect(problems).toEqual([]);
    });

    test("a reminder's link opens the resolve dialog for that prediction", async ({ page }) => {
      await as(page, token);
      const text = `By 2032 the ${id} cable car over the Oslofjord will carry its first passengers.`;
      const dueId = await publish(page, text, { resolve_by: '2032-06-30' });
      makeDue(dueId);
      await page.goto(`/login?resolve=${dueId}`);
      const dialog = page.getByRole('dialog', { name: 'Did it come true?' });
      await expect(dialog).toContainText(text);
      await dialog.getByLabel(/Evidence link/).fill('https://example.org/cable-car-news');
      await dialog.getByLabel(/Note/).fill('Opening postponed indefinitely.');
      await dialog.getByRole('button', { name: /No, it did not/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/login$/);
      const mine = await (await api(page, 'get', '/api/my-predictions')).json();
      expect(mine.predictions.find((p: { id: number }) => p.id === dueId).resolution).toMatchObject({
        status: 'resolved',
        outcome: 'no',
        evidence_url: 'https://example.org/cable-car-news',
        note: 'Opening postponed indefinitely.',
      });
    });

    test('the leaderboard ranks the demo forecasters and shows the community calibration chart', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto('/leaderboard');
      await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
      const rows = page.getByRole('table', { name: 'Leaderboard by Brier score' }).locator('tbody tr');
      await expect(rows.first()).toContainText('demo_');
      expect(await rows.count()).toBeGreaterThanOrEqual(6);
      const briers = (await rows.locator('td:nth-child(3)').allTextContents()).map(Number);
      expect([...briers].sort((a, b) => a - b)).toEqual(briers);
      const chart = page.getByTestId('calibration-chart');
      await expect(chart).toContainText('Community calibration');
      await expect(chart.locator('canvas')).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, 'leaderboard');
      expect(problems).toEqual([]);
    });

    test("a reminder's opt-out link works without signing in; the settings switch turns them back on", async ({
      page,
      browser,
    }) => {
      const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'session-secret'), 'utf8').trim();
      const memberId = (await (await api(page, 'get', '/api/user')).json()).user.id as number;
      const guest = await browser.newContext();
      const guestPage = await guest.newPage();
      await guestPage.goto(
        `/reminders/opt-out?token=${signOptOutToken(secret, memberId, Date.now() + 3_600_000)}`,
      );
      await expect(guestPage.getByRole('heading', { name: 'Stop resolution reminders' })).toBeVisible();
      await guestPage.getByRole('button', { name: 'Stop reminders' }).click();
      await expect(guestPage.getByText('You will no longer receive resolution reminders.')).toBeVisible();
      await guest.close();

      await as(page, token);
      await page.goto('/settings');
      const toggle = page.getByRole('switch', { name: /due for resolution/ });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect((await (await api(page, 'get', '/api/account/resolution-reminders')).json()).reminders).toBe(
        true,
      );
    });

    test("the analytics page shows the community's resolved predictions", async ({ page }) => {
      await page.goto('/analytics');
      const section = page.getByTestId('community-resolution');
      await expect(section.getByRole('heading', { name: 'Resolved predictions' })).toBeVisible();
      await expect(section.getByTestId('calibration-chart').locator('canvas')).toBeVisible();
    });
  });
