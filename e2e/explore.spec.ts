import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  communityBox as community,
  expectAccessible,
  publishPrediction,
  registerMember,
  signedIn,
  unexpectedProblems,
  unpublish,
  watchConsole,
} from './support';

// Issue 25, the community list (/predictions) and public profiles (/u/:username) in real Chromium
// against the real server with the demo community: sort, category and search kept in the URL, a
// shared address restoring the view, 'Load more', the empty, error and loading states, a Hot
// Topics card leading to its prediction's page, and axe at both ends of the width range.

const shots = '/tmp/shots-explore';
mkdirSync(shots, { recursive: true });

const id = `expl${Date.now() % 1_000_000}`;
const password = 'Sunny-Day-42';
let token = '';
let published = 0;
/** A word only this run's prediction contains: what the search finds. */
const marker = `zephyr${id}`;
const TEXT = `By 2032 the ${marker} consortium will run 300 autonomous electric ferries across the Baltic Sea.`;

const list = (page: Page) => page.getByRole('list', { name: /predictions/ }).first();
const cards = (page: Page) => list(page).getByRole('article');
const sortNav = (page: Page) => page.getByRole('navigation', { name: 'Sort predictions' });
const categoryNav = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
/** One of a profile's figures (a <dd> after its <dt>). */
const figure = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('+ dd');

/** What the API answers for a view: the page must show the same predictions, in the same order. */
async function apiTitles(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/api/predictions?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()).predictions as { id: number }[]).map((p) => String(p.id));
}
const shownIds = async (page: Page) =>
  (await list(page)
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.replace('/p/', '') ?? ''))) as string[];

test.describe
  .serial('explore', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email: `${id}@example.com`, username: id, password });
      published = await publishPrediction(request, token, TEXT, { categories: 'Environment,Technology' });
    });

    test.afterAll(async ({ request }) => {
      if (published) await unpublish(request, token, published);
    });

    test('Explore in the navigation leads to the list, marked as the current page', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const links = nav.getByRole('link');
      await expect(links.nth(1)).toHaveText('Home');
      await expect(links.nth(2)).toHaveText('Explore');
      await nav.getByRole('link', { name: 'Explore', exact: true }).click();
      await expect(page).toHaveURL(/\/predictions$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Explore predictions' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Explore', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(cards(page)).toHaveCount(20);
      expect(problems).toEqual([]);
    });

    test('sort, category and search go into the URL, and the shared URL restores the view', async ({
      page,
      browser,
    }) => {
      const problems = watchConsole(page);
      await page.goto('/predictions');
      await expect(sortNav(page).getByRole('link', { name: 'Hot' })).toHaveAttribute('aria-current', 'true');
      await expect(categoryNav(page).getByRole('link', { name: 'All categories' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      expect(await shownIds(page)).toEqual(await apiTitles(page, 'sort=hot'));

      await sortNav(page).getByRole('link', { name: 'Top' }).click();
      await expect(page).toHaveURL(/\/predictions\?sort=top$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Top predictions' })).toBeVisible();
      await expect.poll(() => shownIds(page)).toEqual(await apiTitles(page, 'sort=top'));

      await categoryNav(page).getByRole('link', { name: 'Economy' }).click();
      await expect(page).toHaveURL(/\?sort=top&category=Economy$/);
      await expect(categoryNav(page).getByRole('link', { name: 'Economy' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(page.getByRole('heading', { level: 2, name: 'Top predictions in Economy' })).toBeVisible();
      await expect.poll(() => shownIds(page)).toEqual(await apiTitles(page, 'sort=top&category=Economy'));

      // One character is not a search: said beside the box, the URL unchanged.
      const box = page.getByRole('searchbox', { name: 'Search predictions' });
      await expect(box).toHaveAttribute('dir', 'auto');
      await box.fill('z');
      await box.press('Enter');
      await expect(page.getByText('Search needs at least 2 characters')).toBeVisible();
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\?sort=top&category=Economy$/);

      // New, Environment and this run's word: the prediction published above, alone.
      await sortNav(page).getByRole('link', { name: 'New' }).click();
      await categoryNav(page).getByRole('link', { name: 'Environment' }).click();
      await box.fill(marker);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(new RegExp(`\\?sort=new&category=Environment&q=${marker}$`));
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(marker);
      const shared = page.url();

      // Someone else opens the shared address: the same view, the same prediction.
      const context = await browser.newContext();
      const other = await context.newPage();
      await other.goto(shared);
      await expect(sortNav(other).getByRole('link', { name: 'New' })).toHaveAttribute('aria-current', 'true');
      await expect(categoryNav(other).getByRole('link', { name: 'Environment' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(other.getByRole('searchbox', { name: 'Search predictions' })).toHaveValue(marker);
      await expect(
        other.getByRole('heading', {
          level: 2,
          name: `Newest predictions in Environment matching “${marker}”`,
        }),
      ).toBeVisible();
      await expect(cards(other)).toHaveCount(1);
      await expect(cards(other).first()).toContainText(marker);
      await context.close();

      // Back returns to the previous view, and its search box follows.
      await page.goBack();
      await expect(page).toHaveURL(/\?sort=new&category=Environment$/);
      await expect(box).toHaveValue('');
      expect(problems).toEqual([]);
    });

    test('nothing found: an empty state that clears the filters', async ({ page }) => {
      await page.goto('/predictions?q=qqxxzzvvnothing');
      await expect(page.getByRole('heading', { name: 'No predictions match' })).toBeVisible();
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/predictions$/);
      await expect(cards(page)).toHaveCount(20);
    });

    test('loading shows placeholders; a failure says so and Try Again recovers', async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let fail = true;
      await page.route(/\/api\/predictions\?/, async (route) => {
        await held;
        if (fail) return route.fulfill({ status: 500, json: { success: false, message: 'boom', code: 'X' } });
        return route.continue();
      });
      await page.goto('/predictions?sort=new');
      await expect(page.getByRole('status').filter({ hasText: 'Loading predictions...' })).toBeAttached();
      release();
      const alert = page.getByRole('alert').filter({ hasText: 'Unable to load predictions' });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      fail = false;
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await expect(cards(page)).toHaveCount(20);
    });

    test("'Load more' is a link to the next page; a click appends it and moves focus to it", async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto('/predictions?sort=new');
      await expect(cards(page)).toHaveCount(20);
      const first20 = await shownIds(page);
      const more = page.getByRole('link', { name: 'Load more' });
      const href = (await more.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/predictions\?sort=new&cursor=.+/);

      // By keyboard: Enter on the link.
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(40);
      await expect(page).toHaveURL(/\/predictions\?sort=new$/);
      const all = await shownIds(page);
      expect(all.slice(0, 20)).toEqual(first20);
      expect(new Set(all).size).toBe(40);
      await expect(
        list(page).getByRole('listitem').nth(20).getByRole('heading').getByRole('link'),
      ).toBeFocused();
      await expect(
        page.getByRole('status').filter({ hasText: '20 more predictions shown, 40 in all.' }),
      ).toBeAttached();

      // The same link opened as a page: the second page on its own, with a way back.
      await page.goto(href);
      await expect(cards(page)).toHaveCount(20);
      expect(await shownIds(page)).toEqual(all.slice(20, 40));
      await page.getByRole('link', { name: 'Back to the first page' }).click();
      await expect(page).toHaveURL(/\/predictions\?sort=new$/);
      // The URL changes before the first page has replaced the second: wait for the cards.
      await expect.poll(() => shownIds(page)).toEqual(first20);

      // A cursor the server no longer accepts: said, with the first page one click away.
      await page.goto('/predictions?sort=new&cursor=not-a-cursor');
      await expect(page.getByRole('alert')).toContainText('cursor is not valid');
      await page.getByRole('link', { name: 'Go to the first page' }).click();
      await expect(cards(page)).toHaveCount(20);
      expect(unexpectedProblems(problems, 400)).toEqual([]);
    });

    test('a Hot Topics card opens its prediction, and its author opens the profile', async ({ page }) => {
      const problems = watchConsole(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const card = community(page).getByRole('tabpanel').first().getByRole('article');
      const link = card.getByRole('heading').getByRole('link');
      const heading = (await link.textContent()) ?? '';
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/p\/\d+$/);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // The author's link: the one whose name sits in a <bdi>.
      const author = page
        .getByRole('article')
        .getByRole('link')
        .filter({ has: page.locator('bdi') });
      const name = (await author.textContent()) ?? '';
      await author.click();
      await expect(page).toHaveURL(new RegExp(`/u/${name}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
      expect(problems).toEqual([]);
    });

    test("a profile: the member's figures and public predictions, with 'Load more'", async ({ page }) => {
      const problems = watchConsole(page);
      await signedIn(page, token);
      // This run's member: one public prediction.
      await page.goto(`/u/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(id);
      await expect(figure(page, 'Public predictions')).toHaveText('1');
      await expect(figure(page, 'Member since')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
      await expect(figure(page, 'Reliability score')).toHaveText(
        /^(N\/A|\d+ \/ 100( · (Excellent|Good|Fair|Poor))?)$/,
      );
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(marker);
      await expect(page.getByText("That's all of them.")).toBeVisible();

      // A demo member with a year of predictions: 20 at first, more on demand.
      const hot = (await (await page.request.get('/api/predictions?sort=hot')).json()).predictions as {
        username: string;
        isDemo: boolean;
      }[];
      const demo = hot.find((p) => p.isDemo)?.username ?? '';
      await page.goto(`/u/${demo}`);
      const profile = await (await page.request.get(`/api/users/${demo}`)).json();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(demo);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Demo');
      await expect(figure(page, 'Public predictions')).toHaveText(String(profile.user.public_predictions));
      const shown = Math.min(20, profile.user.public_predictions);
      await expect(cards(page)).toHaveCount(shown);
      if (profile.user.public_predictions > 20) {
        await page.getByRole('link', { name: 'Load more' }).click();
        await expect(cards(page)).toHaveCount(Math.min(40, profile.user.public_predictions));
      }
      // Every card is the member's own.
      const authors = await list(page).locator('a:has(bdi)').allTextContents();
      expect(authors.length).toBeGreaterThan(0);
      expect(new Set(authors)).toEqual(new Set([demo]));
      expect(problems).toEqual([]);
    });

    test('an unknown member: a clear not-found state', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/u/nobody_here_at_all');
      await expect(page.getByRole('heading', { level: 1, name: 'Member not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Explore predictions' })).toHaveAttribute(
        'href',
        '/predictions',
      );
      expect(unexpectedProblems(problems, 404)).toEqual([]);
    });

    test("each page's HTML preloads that page's own files", async ({ request }) => {
      const preloads = JSON.parse(readFileSync('dist/web/.vite/page-preloads.json', 'utf8')) as Record<
        string,
        { scripts: string[] }
      >;
      for (const [path, module] of [
        ['/predictions?sort=top', 'explore'],
        ['/p/1', 'prediction'],
        ['/u/demo_ava', 'profile'],
      ] as const) {
        const html = await (await request.get(path)).text();
        const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
          (m) => m[1],
        );
        const files = preloads[module]?.scripts ?? [];
        expect(files.length, module).toBeGreaterThan(0);
        for (const file of files) expect(named, `${path} preloads ${file}`).toContain(file);
      }
    });

    for (const width of [360, 1280]) {
      test(`the list and a profile at ${width} px: no sideways scrolling, and axe passes`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 400 ? 740 : 900 });
        await page.goto('/predictions?category=Technology');
        await expect(cards(page).first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await page.screenshot({ path: `${shots}/predictions-${width}.png` });
        await page.screenshot({ path: `${shots}/predictions-${width}-full.png`, fullPage: true });

        await page.goto(`/u/${id}`);
        await expect(cards(page).first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await page.screenshot({ path: `${shots}/profile-${width}.png`, fullPage: true });
      });
    }
  });
