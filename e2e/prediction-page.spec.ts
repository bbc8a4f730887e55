import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  postComment,
  publishPrediction,
  registerMember,
  signedIn,
  unexpectedProblems,
  unpublish,
  watchConsole,
} from './support';

// Issue 25, one prediction's page (/p/:id) in real Chromium against the real server: its analysis,
// votes, Share, comments 20 at a time, deleting one's own comment and prediction, what a guest may
// do, the not-found state, and axe at both ends of the width range.

const shots = '/tmp/shots-explore';
mkdirSync(shots, { recursive: true });

const run = Date.now() % 1_000_000;
const password = 'Sunny-Day-42';
const author = { username: `ppa${run}`, token: '' };
const fans = [
  { username: `ppb${run}`, token: '' },
  { username: `ppc${run}`, token: '' },
];
const TEXT = `Before the end of 2031, the port of Rotterdam will handle 40% of its containers with hydrogen trucks. Run ${run}.`;
const SECOND = `By 2029 at least five European capitals will ban petrol scooters from their historic centres (run ${run}).`;
const COMMENTS = 24;
let predictionId = 0;
let secondId = 0;

const comments = (page: Page) => page.getByRole('list', { name: 'Comments' }).getByRole('listitem');

test.describe
  .serial('a prediction page', () => {
    test.beforeAll(async ({ request }) => {
      for (const member of [author, ...fans]) {
        member.token = await registerMember(request, {
          email: `${member.username}@example.com`,
          username: member.username,
          password,
        });
      }
      predictionId = await publishPrediction(request, author.token, TEXT, {
        categories: 'Economy,Environment',
      });
      // 24 comments, oldest first: 'Comment 1' … 'Comment 24' (8 per member, within the per-minute limit).
      for (let n = 1; n <= COMMENTS; n++) {
        const member = [author, ...fans][(n - 1) % 3] ?? author;
        await postComment(request, member.token, predictionId, `Comment ${n} from ${member.username}`);
      }
    });

    test.afterAll(async ({ request }) => {
      for (const id of [predictionId, secondId]) if (id) await unpublish(request, author.token, id);
    });

    test('shows the text, author, categories, date and the analysis with its reasons', async ({ page }) => {
      const problems = watchConsole(page);
      const detail = page.waitForResponse(`**/api/predictions/${predictionId}`);
      await page.goto(`/p/${predictionId}`);
      const { prediction } = await (await detail).json();
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(/^Before the end of 2031, the port of Rotterdam/);
      await expect(title).toHaveAttribute('dir', 'auto');
      await expect(page).toHaveTitle(/Rotterdam/);
      const article = page.getByRole('article');
      const byline = article.getByRole('link', { name: author.username });
      await expect(byline).toHaveAttribute('href', `/u/${author.username}`);
      await expect(byline.locator('bdi')).toHaveText(author.username);
      await expect(article.getByRole('link', { name: 'Economy' })).toHaveAttribute(
        'href',
        '/predictions?category=Economy',
      );
      await expect(article.getByRole('link', { name: 'Environment' })).toBeVisible();
      await expect(article.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

      const quality = page.getByRole('region', { name: 'Quality analysis' });
      await expect(quality).toContainText(`${Math.round(prediction.analysis.quality_percent)}%`);
      const tiers = {
        high: 'High Quality',
        good: 'Good Quality',
        fair: 'Fair Quality',
        needs_improvement: 'Needs Improvement',
      };
      await expect(quality).toContainText(tiers[prediction.analysis.tier as keyof typeof tiers]);
      expect(prediction.analysis.reasons.length).toBeGreaterThan(0);
      for (const reason of prediction.analysis.reasons) await expect(quality).toContainText(reason.label);
      expect(problems).toEqual([]);
    });

    test('comments come 20 at a time; earlier ones go above, focus on the first of them', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto(`/p/${predictionId}`);
      await expect(page.getByRole('heading', { level: 2, name: `Comments (${COMMENTS})` })).toBeVisible();
      await expect(comments(page)).toHaveCount(20);
      // The latest 20, oldest first.
      await expect(comments(page).first()).toContainText('Comment 5 from');
      await expect(comments(page).last()).toContainText(`Comment ${COMMENTS} from`);
      const earlier = page.getByRole('button', { name: 'Show earlier comments' });
      await earlier.focus();
      await page.keyboard.press('Enter');
      await expect(comments(page)).toHaveCount(COMMENTS);
      await expect(comments(page).first()).toContainText('Comment 1 from');
      await expect(comments(page).first()).toBeFocused();
      await expect(earlier).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: '4 earlier comments shown.' })).toBeAttached();
      // A name links to its profile, in a <bdi>.
      await expect(comments(page).first().getByRole('link', { name: author.username })).toHaveAttribute(
        'href',
        `/u/${author.username}`,
      );
      expect(problems).toEqual([]);
    });

    test('a guest reads comments; liking, disliking or posting asks them to log in', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/p/${predictionId}`);
      await expect(comments(page)).toHaveCount(20);
      await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      const dialog = page.getByRole('dialog', { name: 'Login Required' });
      for (const name of [/^Like/, /^Dislike/]) {
        const button = page.getByRole('button', { name });
        await button.click();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Go to Login' })).toBeVisible();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await expect(button).toBeFocused();
      }
      await page.getByLabel('Add a comment').fill('A guest would like to say something');
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      // The text is kept for after signing in.
      await expect(page.getByLabel('Add a comment')).toHaveValue('A guest would like to say something');
      await page.getByRole('button', { name: /^Like/ }).click();
      await dialog.getByRole('button', { name: 'Go to Login' }).click();
      await expect(page).toHaveURL(/\/login/);
      expect(problems).toEqual([]);
    });

    test('Share copies the link and says so in a live region', async ({ page, context }) => {
      const problems = watchConsole(page);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // The copy path, whatever this Chromium's Web Share support.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      });
      await page.goto(`/p/${predictionId}`);
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Link copied to the clipboard.' }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      expect(page.url()).toMatch(new RegExp(`/p/${predictionId}$`));
      expect(problems).toEqual([]);
    });

    test('a member votes, comments, and deletes their own comment', async ({ page }) => {
      const problems = watchConsole(page);
      const fan = fans[0] ?? author;
      await signedIn(page, fan.token);
      await page.goto(`/p/${predictionId}`);
      const like = page.getByRole('button', { name: /^Like/ });
      await expect(like).toHaveAccessibleName('Like (0)');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toHaveAccessibleName('Like (1)');

      // Only this member's own comments offer Delete.
      await expect(comments(page)).toHaveCount(20);
      const own = comments(page).filter({ hasText: `from ${fan.username}` });
      const others = comments(page).filter({ hasNotText: `from ${fan.username}` });
      await expect(others.first().getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
      await expect(own.first().getByRole('button', { name: 'Delete comment' })).toBeVisible();

      const text = `Fair point, but the trucks need cheap hydrogen first (${run})`;
      await page.getByLabel('Add a comment').fill(text);
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await expect(page.getByLabel('Add a comment')).toHaveValue('');
      const mine = comments(page).filter({ hasText: text });
      await expect(mine).toHaveCount(1);
      await expect(comments(page).last()).toContainText(text);
      await expect(page.getByRole('heading', { level: 2, name: `Comments (${COMMENTS + 1})` })).toBeVisible();

      // Delete: a confirm dialog; Cancel gives focus back to the button that opened it.
      const remove = mine.getByRole('button', { name: 'Delete comment' });
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      // Focus stays inside the dialog.
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toBeHidden();
      await expect(mine).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: `Comments (${COMMENTS})` })).toBeFocused();
      await page.reload();
      await expect(comments(page)).toHaveCount(20);
      await expect(comments(page).filter({ hasText: text })).toHaveCount(0);
      expect(problems).toEqual([]);
    });

    test('only its author can delete a prediction; it is then gone', async ({ page }) => {
      const problems = watchConsole(page);
      const id = await publishPrediction(page.request, author.token, SECOND, { categories: 'Society' });
      secondId = id;
      await signedIn(page, fans[1]?.token ?? '');
      await page.goto(`/p/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('five European capitals');
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      const owner = await page.context().browser()?.newContext();
      if (!owner) throw new Error('no browser');
      const mine = await owner.newPage();
      await signedIn(mine, author.token);
      await mine.goto(`/p/${id}`);
      const remove = mine.getByRole('button', { name: 'Delete', exact: true });
      await remove.click();
      const dialog = mine.getByRole('dialog', { name: 'Delete this prediction?' });
      await expect(dialog).toBeVisible();
      await mine.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await remove.press('Enter');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      const gone = mine.getByRole('heading', { level: 1, name: 'Prediction deleted' });
      await expect(gone).toBeVisible();
      await expect(gone).toBeFocused();
      await expect(mine.getByRole('link', { name: 'My Predictions' })).toHaveAttribute(
        'href',
        '/my-predictions',
      );
      // Its own page, the list and the dashboard no longer have it.
      await mine.goto('/my-predictions');
      await expect(mine.getByText('five European capitals')).toHaveCount(0);
      await owner.close();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Prediction not found' })).toBeVisible();
      expect(unexpectedProblems(problems, 404)).toEqual([]);
    });

    test("the dashboard's predictions link to their pages", async ({ page }) => {
      await signedIn(page, author.token);
      await page.goto('/my-predictions');
      const link = page
        .getByRole('article')
        .filter({ hasText: 'port of Rotterdam' })
        .getByRole('link', { name: 'Open prediction page' });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/p/${predictionId}$`));
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    });

    test('an address that names no prediction: a clear not-found state', async ({ page }) => {
      const problems = watchConsole(page);
      for (const path of ['/p/2147483000', '/p/not-a-number']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Prediction not found' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Explore predictions' })).toHaveAttribute(
          'href',
          '/predictions',
        );
      }
      expect(unexpectedProblems(problems, 404)).toEqual([]);
    });

    for (const width of [360, 1280]) {
      test(`at ${width} px: no sideways scrolling, and axe passes for guest and author`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 400 ? 740 : 900 });
        await page.goto(`/p/${predictionId}`);
        await expect(comments(page)).toHaveCount(20);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await page.screenshot({ path: `${shots}/prediction-${width}.png` });
        await page.screenshot({ path: `${shots}/prediction-${width}-full.png`, fullPage: true });
        await signedIn(page, author.token);
        await page.reload();
        await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Delete comment' }).first()).toBeVisible();
        await expectAccessible(page);
        await page.screenshot({ path: `${shots}/prediction-${width}-author.png` });
        await page.getByRole('button', { name: 'Delete', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete this prediction?' });
        await expect(dialog).toBeVisible();
        // Checked once its opening animation is over (mid-fade, colours are not what they will be).
        await dialog.evaluate((el) =>
          Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
        );
        await expectAccessible(page);
        await page.screenshot({ path: `${shots}/prediction-${width}-delete-dialog.png` });
      });
    }
  });
