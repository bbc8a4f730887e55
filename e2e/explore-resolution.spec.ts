import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { expectAccessible, registerMember, unpublish, watchConsole } from './support';

// Resolution on the explore pages (issues 25 + 26) in real Chromium: resolved from the dashboard,
// then seen on /p/:id and /u/:username with the calibration chart; a second member agrees or
// disagrees; guests are asked to log in; the list's status filter. Screenshots at 1280 and 360 px
// go to /tmp/shots-integration.

const shots = '/tmp/shots-integration';
mkdirSync(shots, { recursive: true });

const id = `xr${Date.now() % 1_000_000}`;
const password = 'Sunny-Day-42';
let author = '';
let other = '';
let resolvedId = 0;
let dueId = 0;
const text = `By 2031 the ${id} ferry between Bergen and Hirtshals will run on batteries alone.`;

const as = (page: Page, t: string) => page.addInitScript((v) => localStorage.setItem('token', v), t);

/** The resolve-by date moved into the past, as time would (the API accepts only future dates). */
function makeDue(predictionId: number) {
  const db = new SQLite(join(process.env.E2E_DATA_DIR ?? '', 'e2e.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("update predictions set target_date = '2026-01-15' where id = ?").run(predictionId);
  } finally {
    db.close();
  }
}

async function screenshot(page: Page, name: string) {
  // No chart animation: a full-page capture resizes the page, and an animated redraw comes out blank.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Chart.js redraws (animated) after a resize.
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe
  .serial('resolution on the explore pages', () => {
    test.beforeAll(async ({ request }) => {
      author = await registerMember(request, { email: `${id}@example.com`, username: id, password });
      other = await registerMember(request, {
        email: `${id}b@example.com`,
        username: `${id}b`,
        password,
      });
      const publish = async (prediction_text: string, extra: object) => {
        const res = await request.post('/api/predictions', {
          headers: { authorization: `Bearer ${author}` },
          data: { prediction_text, categories: 'Technology', ...extra },
        });
        expect(res.status(), await res.text()).toBe(201);
        return (await res.json()).prediction.id as number;
      };
      resolvedId = await publish(text, { confidence: 80, resolve_by: '2031-12-31' });
      makeDue(resolvedId);
      dueId = await publish(`By 2032 the ${id} cable car over the Oslofjord will carry its first riders.`, {
        resolve_by: '2032-06-30',
      });
      makeDue(dueId);
    });
    test.afterAll(async ({ request }) => {
      await unpublish(request, author, resolvedId);
      await unpublish(request, author, dueId);
    });

    test('resolved from the dashboard, it shows on /p/:id and on the profile with the chart', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await as(page, author);
      await page.goto('/login');
      const due = page.getByTestId('due-for-resolution');
      await due
        .getByRole('listitem')
        .filter({ hasText: text })
        .getByRole('button', { name: 'Resolve' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Did it come true?' });
      await dialog.getByLabel(/Evidence link/).fill('https://example.org/ferry-news');
      await dialog.getByLabel(/Note/).fill('The batteries arrived in spring.');
      await dialog.getByRole('button', { name: /Yes, it came true/ }).click();
      await expect(dialog).toBeHidden();

      await page.goto(`/p/${resolvedId}`);
      const panel = page.getByTestId('resolution-panel');
      await expect(panel).toContainText('Resolved: came true');
      await expect(panel).toContainText('January 15, 2026');
      await expect(panel).toContainText('80%');
      await expect(panel).toContainText('The batteries arrived in spring.');
      const evidence = panel.getByRole('link', { name: 'Evidence' });
      await expect(evidence).toHaveAttribute('href', 'https://example.org/ferry-news');
      await expect(evidence).toHaveAttribute('rel', 'noopener noreferrer');
      // The author may still change it (24 hours), and does not vote on their own.
      await expect(panel.getByRole('button', { name: 'Change resolution' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Agree', exact: true })).toHaveCount(0);
      await expectAccessible(page);

      await page.goto(`/p/${dueId}`);
      await expect(page.getByTestId('resolution-panel')).toContainText('Due');
      await expect(
        page.getByTestId('resolution-panel').getByRole('button', { name: 'Resolve' }),
      ).toBeVisible();

      await page.goto(`/u/${id}`);
      const record = page.getByRole('region', { name: 'Track record' });
      await expect(record).toContainText('Resolved');
      await expect(record).toContainText('100%');
      await expect(record).toContainText('0.040');
      const chart = page.getByTestId('calibration-chart');
      await expect(chart).toContainText('0 is perfect; always saying 50% scores 0.25');
      await expect(chart.locator('canvas')).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, 'profile');
      expect(problems).toEqual([]);
    });

    test('a guest is asked to log in; another member agrees, then disagrees', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/p/${resolvedId}`);
      const panel = page.getByTestId('resolution-panel');
      await panel.getByRole('button', { name: 'Agree', exact: true }).click();
      await expect(page.getByRole('dialog', { name: /Login Required/i })).toBeVisible();

      await as(page, other);
      await page.goto(`/p/${resolvedId}`);
      await panel.getByRole('button', { name: 'Agree', exact: true }).click();
      await expect(panel).toContainText('1 agree · 0 disagree');
      await expect(panel.getByRole('button', { name: 'Agree', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await panel.getByRole('button', { name: 'Disagree' }).click();
      await expect(panel).toContainText('0 agree · 1 disagree');
      // Their vote is still shown after a reload.
      await page.reload();
      await expect(panel.getByRole('button', { name: 'Disagree' })).toHaveAttribute('aria-pressed', 'true');
      await expect(panel.getByRole('button', { name: 'Agree', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expectAccessible(page);
      await screenshot(page, 'prediction-resolved');
      expect(problems).toEqual([]);
    });

    test('the explore list filters by status, kept in the URL', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/predictions?sort=new');
      await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Resolved' }).click();
      await expect(page).toHaveURL(/status=resolved/);
      const list = page.getByRole('main');
      await expect(list.getByText(text).first()).toBeVisible();
      await expect(list.getByText(/cable car over the Oslofjord/)).toHaveCount(0);
      await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Due' }).click();
      await expect(page).toHaveURL(/status=due/);
      await expect(list.getByText(new RegExp(`${id} cable car`)).first()).toBeVisible();
      await expect(list.getByText(text)).toHaveCount(0);
      await page.reload();
      await expect(
        page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Due' }),
      ).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page);
      expect(problems).toEqual([]);
    });
  });
