import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, registerMember, watchConsole } from './support';

// The predictions feature in real Chromium against the real server (DEMO_DATA on): the submit
// screen as a guest and as a member, the flagged and duplicate paths, and the dashboard.

const shots = '/tmp/shots';
mkdirSync(shots, { recursive: true });
const uxShots = '/tmp/shots-ux';
mkdirSync(uxShots, { recursive: true });

const id = `pred${Date.now() % 1_000_000}`;
const email = `${id}@example.com`;
const password = 'Sunny-Day-42';
let token = '';
/** The id of the prediction the member launches (GOOD), which the duplicate links to. */
let goodId = 0;

const GOOD = `By 2031, the ${id} startup will sell 40,000 humanoid robots powered by artificial intelligence in Europe.`;
const MACHINE =
  'As an AI language model, it is important to note that in conclusion the future of urban mobility will be transformative and multifaceted, fostering innovation across diverse landscapes.';

/** The built chunks that carry Chart.js (its code names itself 'chartjs' in several places). */
function chartChunks(): string[] {
  const dir = 'dist/web/assets';
  return readdirSync(dir).filter(
    (f) =>
      f.endsWith('.js') &&
      (f.startsWith('dashboard-charts') || readFileSync(join(dir, f), 'utf8').includes('chartjs')),
  );
}

/** Signed in as the test member ('Remember me': the token in localStorage). */
async function asMember(page: Page) {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

/** Requests the tests make fail on purpose appear as console errors; only those are allowed. */
const unexpected = (problems: string[], ...allowed: number[]) =>
  problems.filter((p) => !allowed.some((s) => p.includes(`status of ${s}`)));

test.describe
  .serial('predictions', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email, username: id, password });
      expect(token).toBeTruthy();
    });

    test('a guest sees the submit form disabled, the banner and the account box', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/submit');
      await expect(page.getByLabel('What do you see coming?')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Technology' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Login Required to Submit' })).toBeDisabled();
      await expect(page.getByRole('heading', { name: 'Need Inspiration?' })).toBeVisible();
      await expect(page.getByText('Predictions this week')).toBeVisible();
      await expect(page.getByText('New Users This Week')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/signup');
      await expect(page.getByRole('heading', { name: 'Why Create an Account?' })).toBeVisible();
      const banner = page.getByRole('status').filter({ hasText: 'Ready to share your vision?' });
      await expect(
        banner.getByRole('heading', { name: 'Ready to share your vision?', level: 2 }),
      ).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
      await expectAccessible(page);
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByText('Ready to share your vision?')).toHaveCount(0);
      expect(problems).toEqual([]);
    });

    test('a member without predictions sees the Performance Dashboard and the first-prediction link', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create Your First Prediction' })).toHaveAttribute(
        'href',
        '/submit',
      );
      await expect(page.getByRole('heading', { name: 'Performance Dashboard' })).toBeVisible();
      await expect(page.getByText('Content Quality Score')).toBeVisible();
      await expect(page.getByText('N/A').first()).toBeVisible();
      await expectAccessible(page);
      expect(problems).toEqual([]);
    });

    test('a member gets suggestions, launches a prediction and sees the success screen', async ({ page }) => {
      const problems = watchConsole(page);
      const chunks: string[] = [];
      page.on('request', (r) => chunks.push(r.url()));
      await asMember(page);
      await page.goto('/submit');
      const text = page.getByLabel('What do you see coming?');
      await expect(text).toBeEnabled();
      await expect(page.getByText('Ready to share your vision?')).toHaveCount(0);
      await text.fill(GOOD);
      await expect(page.getByText(`${GOOD.length}/500`)).toBeVisible();
      await expect(page.getByText('Smart category suggestions')).toBeVisible();
      await page.getByRole('button', { name: /Technology.*High confidence/ }).click();
      await expect(page.getByText('Smart category suggestions')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Technology', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.getByRole('button', { name: 'Society' }).click();
      await page.getByRole('button', { name: 'Economy' }).click();
      await expect(page.getByText('You can select maximum 3 categories')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sports' })).toBeDisabled();
      await page.getByRole('button', { name: 'Economy' }).click();
      await expect(page.getByLabel(/Public/)).toBeChecked();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/pred-submit-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${shots}/pred-submit-360.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      const published = page.waitForResponse(
        (r) => r.url().endsWith('/api/predictions') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      const { prediction } = await (await published).json();
      goodId = prediction.id;
      const launched = page.getByRole('dialog', { name: 'Prediction Launched!' });
      await expect(launched).toBeVisible();
      await expect(
        launched.getByText('Your vision of the future has been shared with the world'),
      ).toBeVisible();
      // What the analysis found: the percent, two reasons or tips, and the way to the prediction.
      expect(prediction.reliability_score).toBeGreaterThan(0);
      await expect(launched.getByText(`${prediction.reliability_score}%`, { exact: true })).toBeVisible();
      await expect(
        launched.getByRole('list', { name: 'What the analysis found' }).getByRole('listitem'),
      ).toHaveCount(2);
      const seeIt = launched.getByRole('link', { name: 'See your prediction' });
      await expect(seeIt).toHaveAttribute('href', `/p/${prediction.id}`);
      await expect(seeIt).toBeFocused();
      await page.screenshot({ path: `${shots}/pred-launched-1280.png` });
      await page.screenshot({ path: `${uxShots}/submit-launched-1280.png` });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: `${uxShots}/submit-launched-375.png` });
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      // The form behind it empties after 2 s (SPEC.md §4); the screen waits for the member.
      await expect(text).toHaveValue('', { timeout: 5000 });
      await expect(launched).toBeVisible();
      await launched.getByRole('button', { name: 'Write Another' }).click();
      await expect(launched).toHaveCount(0);
      await expect(text).toBeFocused();
      // Chart.js is not part of the submit screen.
      const charts = chartChunks();
      expect(charts.length).toBeGreaterThan(0);
      expect(chunks.filter((u) => charts.some((c) => u.endsWith(c)))).toEqual([]);
      expect(problems).toEqual([]);
    });

    test('machine-sounding text is published with the flagged notice', async ({ page }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/submit');
      await page.getByLabel('What do you see coming?').fill(MACHINE);
      await page.getByLabel(/Private/).check();
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      const notice = page.getByRole('status').filter({ hasText: 'AI-generated content detected' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('machine-generated');
      await expect(notice.getByRole('listitem').first()).toBeVisible();
      await page.screenshot({ path: `${shots}/pred-flagged-1280.png`, fullPage: true });
      await expect(page.getByLabel('What do you see coming?')).toHaveValue('', { timeout: 7000 });
      expect(problems).toEqual([]);
    });

    test('a duplicate gets the duplicate message; abuse gets the reason and recommendations', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/submit');
      const text = page.getByLabel('What do you see coming?');
      await text.fill(`${GOOD}  `);
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: 'This prediction already exists! Try sharing a different vision of the future.',
        }),
      ).toBeVisible();
      // It links to the prediction it repeats.
      expect(goodId).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: 'See the existing prediction' })).toHaveAttribute(
        'href',
        `/p/${goodId}`,
      );
      for (const [width, height] of [
        [1280, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${uxShots}/submit-duplicate-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);
      // The link opens the prediction's page; back to the form for the next case.
      await page.getByRole('link', { name: 'See the existing prediction' }).click();
      await expect(page).toHaveURL(new RegExp(`/p/${goodId}$`));
      await expect(page.getByText(GOOD).first()).toBeVisible();
      await page.goBack();
      await text.fill('You are all idiots and morons, f*** you, this site is garbage');
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Prediction not published' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('listitem').first()).toBeVisible();
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await expect(alert).toHaveCount(0);
      expect(unexpected(problems, 409, 403)).toEqual([]);
    });

    test('the dashboard shows the stats, both charts with text alternatives and the quality modal', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      // Charts honour reduced motion: no animation, so the screenshots show them finished.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await asMember(page);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible();
      const stats = page.getByRole('list', { name: 'Your statistics' });
      for (const label of [
        'Total Predictions',
        'Categories Explored',
        'Best Day',
        'Member Since',
        'Reliability Score',
      ]) {
        await expect(stats.getByText(label)).toBeVisible();
      }
      await expect(stats.getByText('Max 100', { exact: false })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recent Predictions' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/submit');
      await expect(page.getByText(GOOD)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Daily Activity (Last 30 Days)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Prediction Categories' })).toBeVisible();
      await expect(page.locator('canvas')).toHaveCount(2);
      await expect(page.getByRole('img', { name: /2 predictions in the last 30 days/ })).toBeVisible();
      await page.screenshot({ path: `${shots}/pred-dashboard-1280.png`, fullPage: true });
      await page.getByText('Show as table').first().click();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectAccessible(page);

      // The flagged one: its badge explains, and Improve Quality opens the analysis.
      await page.getByRole('button', { name: 'Flagged' }).click();
      const reason = page.getByRole('dialog', { name: 'Why this prediction was flagged' });
      await expect(reason).toContainText('Reads as machine-generated text');
      await reason.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Improve Quality' }).click();
      const modal = page.getByRole('dialog', { name: 'Quality Analysis' });
      await expect(modal).toBeVisible();
      await expect(modal.getByText('Flag reasoning')).toBeVisible();
      await expect(modal.getByText('Improvement tips')).toBeVisible();
      await expect(modal.getByRole('link', { name: 'Create Better Prediction' })).toHaveAttribute(
        'href',
        '/submit',
      );
      await page.screenshot({ path: `${shots}/pred-quality-modal-1280.png` });
      await expectAccessible(page);
      await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(modal).toHaveCount(0);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await expect(page.locator('canvas')).toHaveCount(2);
      await page.screenshot({ path: `${shots}/pred-dashboard-360.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.goto('/my-predictions');
      await expect(page.getByRole('heading', { name: 'My Predictions' })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(page.getByText('Private', { exact: true })).toBeVisible();
      expect(problems).toEqual([]);
    });

    test("'Create Better Prediction' opens the form with the old text, categories and visibility", async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Improve Quality' }).click();
      const modal = page.getByRole('dialog', { name: 'Quality Analysis' });
      await modal.getByRole('link', { name: 'Create Better Prediction' }).click();
      await expect(page).toHaveURL(/\/submit$/);
      const text = page.getByLabel('What do you see coming?');
      await expect(text).toHaveValue(MACHINE);
      // It was private, and counted under the category the analysis gave it.
      await expect(page.getByLabel(/Private/)).toBeChecked();
      const mine = (
        await page.request
          .get('/api/my-predictions', { headers: { authorization: `Bearer ${token}` } })
          .then((r) => r.json())
      ).predictions.find((p: { prediction_text: string }) => p.prediction_text === MACHINE);
      for (const category of mine.categories) {
        await expect(page.getByRole('button', { name: category, exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      await expect(page.getByText('Draft saved on this device.')).toBeVisible();
      for (const [width, height] of [
        [1280, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${uxShots}/submit-refill-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      // An edit survives a reload: the refill became the draft.
      await text.fill(`${MACHINE} By 2030.`);
      await page.reload();
      await expect(page.getByLabel('What do you see coming?')).toHaveValue(`${MACHINE} By 2030.`);
      await page.getByRole('button', { name: 'Discard draft' }).click();
      expect(problems).toEqual([]);
    });
  });
