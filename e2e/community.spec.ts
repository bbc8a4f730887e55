import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  communityBox as community,
  expectAccessible,
  expectCarouselTimings,
  mailedLink,
  mouseAway as away,
  registerMember,
  slideOf,
  watchConsole,
} from './support';

// The Community Predictions box in real Chromium against the real server with the demo community:
// its carousel, votes, comments and the Login Required modal.

const id = `comm${Date.now() % 1_000_000}`;
const email = `${id}@example.com`;
let token = '';

/** The text reads right to left because its block takes its direction from it (dir="auto"). */
async function expectRtl(text: Locator) {
  await expect(text.locator('xpath=ancestor-or-self::*[@dir][1]')).toHaveAttribute('dir', 'auto');
  expect(await text.evaluate((e) => e.matches(':dir(rtl)'))).toBe(true);
}

const asMember = (page: Page) => page.addInitScript((t) => localStorage.setItem('token', t), token);

test.describe
  .serial('community predictions', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email, username: id, password: 'Sunny-Day-42' });
      expect(token).toBeTruthy();
    });

    test('the community carousel advances, holds after arrows and dots, and pauses on hover and touch', async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto('/');
      await expectCarouselTimings(page, community(page), { interval: 4_000, arrow: 5_000, dot: 8_000 });
    });

    test('a guest who likes, dislikes or opens comments is asked to log in', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/');
      const card = community(page).getByRole('article').first();
      for (const name of [/^Like/, /^Dislike/, /^Comments/]) {
        await card.getByRole('button', { name }).click();
        const dialog = page.getByRole('dialog', { name: 'Login Required' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
      await card.getByRole('button', { name: /^Like/ }).click();
      await page.getByRole('button', { name: 'Go to Login' }).click();
      // Where the guest was travels along, so signing in brings them back here.
      await expect(page).toHaveURL(/\/login\?next=%2F$/);
      expect(problems).toEqual([]);
    });

    test("signing in from the Login Required dialog returns to the prediction's page, not the dashboard", async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const topics = await (await page.request.get('/api/hot-topics/ai')).json();
      const target = topics.topics[0];
      const path = `/p/${target.id}?from=e2e#comments`;
      const next = encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await page.goto(path);
      const like = page.getByRole('main').getByRole('button', { name: /^Like/ }).first();
      await like.click();
      await page
        .getByRole('dialog', { name: 'Login Required' })
        .getByRole('button', { name: 'Go to Login' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${next}$`));
      // 'Create account' and back keeps it.
      await page.getByRole('link', { name: 'Create account' }).click();
      await expect(page).toHaveURL(new RegExp(`/signup\\?next=${next}$`));
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${next}$`));
      await page.getByLabel('Email or username').fill(id);
      await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
      await page.getByText("I'm not a robot").click();
      await expect(page.getByText('Security verification completed')).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/p/${target.id}\\?from=e2e#comments$`), { timeout: 10_000 });
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toHaveCount(0);
      // Signed in: the same control now votes instead of asking to log in.
      const likeAgain = page.getByRole('main').getByRole('button', { name: /^Like/ }).first();
      await likeAgain.click();
      await expect(likeAgain).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('dialog', { name: 'Login Required' })).toHaveCount(0);
      await likeAgain.click();
      await expect(likeAgain).toHaveAttribute('aria-pressed', 'false');
      expect(problems).toEqual([]);
    });

    test('registering from the Login Required dialog returns there after the mailed link', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const newcomer = `${id}r`;
      const newEmail = `${newcomer}@example.com`;
      await page.goto('/?from=signup');
      await community(page).getByRole('article').first().getByRole('button', { name: /^Like/ }).click();
      await page
        .getByRole('dialog', { name: 'Login Required' })
        .getByRole('button', { name: 'Create Account' })
        .click();
      await expect(page).toHaveURL(/\/signup\?next=%2F%3Ffrom%3Dsignup$/);
      await page.getByLabel('Email').fill(newEmail);
      await expect(page.getByText('Email available')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Username').fill(newcomer);
      await expect(page.getByText('Username available')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      // The link is opened later, as from a mail: the way back waited in this browser.
      await page.goto('about:blank');
      await page.goto(mailedLink(newEmail, 'verify-email'));
      await expect(page.getByText('Welcome to the Community!')).toBeVisible();
      await expect(page).toHaveURL(/\/\?from=signup$/, { timeout: 10_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
      expect(await page.evaluate(() => localStorage.getItem('futurecast:return-to'))).toBeNull();
      expect(problems).toEqual([]);
    });

    test('a crafted next= pointing elsewhere falls back to the dashboard', async ({ page }) => {
      await page.goto(`/login?next=${encodeURIComponent('//example.com/p/1')}`);
      await page.getByLabel('Email or username').fill(id);
      await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
      await page.getByText("I'm not a robot").click();
      await expect(page.getByText('Security verification completed')).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible({ timeout: 10_000 });
      expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host);
    });

    test('a member likes, switches to dislike, removes it, and comments', async ({ page }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Share Your Prediction or Expectation' })).toHaveAttribute(
        'href',
        '/submit',
      );
      await expect(page.getByRole('link', { name: 'Make Your Prediction' })).toHaveAttribute(
        'href',
        '/submit',
      );
      await expect(page.getByRole('link', { name: 'Submit Your Prediction' })).toHaveAttribute(
        'href',
        '/submit',
      );

      const card = community(page).getByRole('article').first();
      const like = card.getByRole('button', { name: /^Like/ });
      const dislike = card.getByRole('button', { name: /^Dislike/ });
      const count = async (b: Locator) =>
        Number(/\((\d+)\)/.exec((await b.getAttribute('aria-label')) ?? '')?.[1]);
      const likes0 = await count(like);
      const dislikes0 = await count(dislike);

      // While a vote is in flight neither vote button takes another click.
      let releaseVote: () => void = () => {};
      const voteHeld = new Promise<void>((r) => {
        releaseVote = r;
      });
      await page.route('**/api/predictions/*/like', async (route) => {
        await voteHeld;
        await route.continue();
      });
      await like.click();
      await expect(like).toBeDisabled();
      await expect(dislike).toBeDisabled();
      releaseVote();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(dislike).toBeEnabled();
      await page.unroute('**/api/predictions/*/like');
      await expect.poll(() => count(like)).toBe(likes0 + 1);
      await dislike.click();
      await expect(dislike).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => count(like)).toBe(likes0);
      await expect.poll(() => count(dislike)).toBe(dislikes0 + 1);
      await dislike.click();
      await expect(dislike).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => count(dislike)).toBe(dislikes0);

      // A like survives a reload (the interactions map marks it).
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(
        community(page).getByRole('article').first().getByRole('button', { name: /^Like/ }),
      ).toHaveAttribute('aria-pressed', 'true');

      const card2 = community(page).getByRole('article').first();
      const commentsButton = card2.getByRole('button', { name: /^Comments/ });
      const comments0 = await count(commentsButton);
      await commentsButton.click();
      await expect(commentsButton).toHaveAttribute('aria-expanded', 'true');
      const box = card2.getByLabel('Add a comment');
      const post = card2.getByRole('button', { name: 'Post Comment' });
      await expect(post).toBeDisabled();
      await box.fill('   ');
      await expect(post).toBeDisabled();
      await box.fill('x'.repeat(600));
      expect((await box.inputValue()).length).toBe(500);
      const text = `Timing looks right to me (${id}).`;
      await box.fill(text);
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/predictions/*/comments', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await post.click();
      await expect(card2.getByRole('button', { name: 'Posting...' })).toBeDisabled();
      release();
      await expect(card2.getByRole('listitem').filter({ hasText: text })).toBeVisible();
      await expect(box).toHaveValue('');
      await expect.poll(() => count(commentsButton)).toBe(comments0 + 1);

      // A session that ended meanwhile (expired, or signed out elsewhere): the guest path.
      await page.unroute('**/api/predictions/*/comments');
      await page.route('**/api/predictions/*/comments', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 401,
              contentType: 'application/json',
              body: JSON.stringify({
                success: false,
                message: 'Authentication required',
                code: 'UNAUTHORIZED',
              }),
            })
          : route.continue(),
      );
      await box.fill('One more thought.');
      await post.click();
      const modal = page.getByRole('dialog', { name: 'Login Required' });
      await expect(modal).toBeVisible();
      await expect(card2.getByText('Failed to add comment')).toHaveCount(0);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await page.unroute('**/api/predictions/*/comments');
      expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    });

    test('Persian and Arabic texts take their direction from the text: cards, comments, form, dashboard', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const texts = {
        fa: `تا سال ۲۰۳۰ بیش از ۵۰ درصد خودروهای فروخته‌شده در تهران برقی خواهند بود (${id}).`,
        ar: `بحلول عام 2030 ستشكل السيارات الكهربائية أكثر من 40% من مبيعات السيارات الجديدة في دبي (${id}).`,
      };
      // The form's text area: typed right to left.
      await asMember(page);
      await page.goto('/submit');
      const area = page.getByLabel('What do you see coming?');
      await expect(area).toHaveAttribute('dir', 'auto');
      await area.fill(texts.fa);
      expect(await area.evaluate((e) => e.matches(':dir(rtl)'))).toBe(true);
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      await expect(page.getByRole('dialog', { name: 'Prediction Launched!' })).toBeVisible();
      const res = await page.request.post('/api/predictions', {
        headers: { authorization: `Bearer ${token}` },
        data: { prediction_text: texts.ar, categories: 'Technology', visibility: true },
      });
      expect(res.status()).toBe(201);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      const carousel = community(page);
      await expect(carousel.getByRole('article').first()).toBeVisible();
      const shots = '/tmp/shots-ux';
      for (const [lang, text] of Object.entries(texts)) {
        const card = carousel.locator('article', { hasText: text });
        await expect(card).toHaveCount(1);
        // Its slide, shown through its dot.
        const label = await card.locator('xpath=ancestor::*[@role="tabpanel"]').getAttribute('aria-label');
        const n = Number(/^(\d+) of/.exec(label ?? '')?.[1]);
        await carousel.getByRole('tab', { name: `Show prediction ${n}`, exact: true }).click();
        await expectRtl(card.getByText(text));
        await expect(card.locator('bdi', { hasText: id })).toHaveCount(1);
        for (const [width, height] of [
          [1280, 900],
          [360, 740],
        ] as const) {
          await page.setViewportSize({ width, height });
          await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
          await carousel.screenshot({ path: `${shots}/rtl-card-${lang}-${width}.png` });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // A comment in Arabic on the Persian card; the box and the comment follow the text.
      const card = carousel.locator('article', { hasText: texts.fa });
      const label = await card.locator('xpath=ancestor::*[@role="tabpanel"]').getAttribute('aria-label');
      await carousel
        .getByRole('tab', {
          name: `Show prediction ${/^(\d+) of/.exec(label ?? '')?.[1]}`,
          exact: true,
        })
        .click();
      await card.getByRole('button', { name: /^Comments/ }).click();
      const box = card.getByLabel('Add a comment');
      await expect(box).toHaveAttribute('dir', 'auto');
      const comment = `أتفق، الأسعار تنخفض بسرعة (${id})`;
      await box.fill(comment);
      expect(await box.evaluate((e) => e.matches(':dir(rtl)'))).toBe(true);
      await card.getByRole('button', { name: 'Post Comment' }).click();
      const posted = card.getByRole('listitem').filter({ hasText: comment });
      await expectRtl(posted.getByText(comment));
      await expect(posted.locator('bdi')).toHaveText(id);
      for (const [width, height] of [
        [1280, 900],
        [360, 740],
      ] as const) {
        await page.setViewportSize({ width, height });
        await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
        await card.screenshot({ path: `${shots}/rtl-comment-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);

      // The dashboard: each prediction's text, and the greeting's name isolated.
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` }).locator('bdi')).toHaveText(id);
      for (const text of Object.values(texts)) {
        await expectRtl(page.getByText(text, { exact: true }));
      }
      for (const [width, height] of [
        [1280, 900],
        [360, 740],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.getByRole('heading', { name: 'Recent Predictions' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/rtl-dashboard-${width}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      expect(problems).toEqual([]);
    });

    test('an open comment box holds the community carousel', async ({ page }) => {
      await asMember(page);
      await page.clock.install();
      await page.goto('/');
      const carousel = community(page);
      await expect(carousel.getByRole('article').first()).toBeVisible();
      await page.clock.pauseAt(Date.now() + 60_000);
      // Let the slide animation (requestAnimationFrame, on the fake clock too) finish.
      await page.clock.runFor(1_000);
      const slide = await slideOf(carousel);
      const card = carousel.getByRole('tabpanel', { name: `${slide} of`, exact: false });
      await card.getByRole('button', { name: /^Comments/ }).click();
      await away(page);
      await page.clock.runFor(60_000);
      expect(await slideOf(carousel)).toBe(slide);
      // Closed with the mouse: the focus the click left on the button does not hold rotation.
      await card.getByRole('button', { name: /^Comments/ }).click();
      await away(page);
      await page.clock.runFor(20_000);
      expect(await slideOf(carousel)).not.toBe(slide);

      // Keyboard focus on a card's control does hold it, so what is being read never slides away.
      const now = await slideOf(carousel);
      await carousel
        .getByRole('tabpanel', { name: `${now} of`, exact: false })
        .getByRole('button', { name: /^Like/ })
        .focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.clock.runFor(30_000);
      expect(await slideOf(carousel)).toBe(now);
    });
  });
