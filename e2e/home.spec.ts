import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, registerMember, watchConsole } from './support';

// The home page in real Chromium against the real server with the demo community (DEMO_DATA on):
// every section, the carousels' timings on a fake clock, the guest and member paths, the FAQ and
// its feedback popup, and the hot-topics cache.

const shots = '/tmp/shots';
mkdirSync(shots, { recursive: true });

const id = `home${Date.now() % 1_000_000}`;
const email = `${id}@example.com`;
let token = '';

const asMember = (page: Page) => page.addInitScript((t) => localStorage.setItem('token', t), token);

const community = (page: Page) => page.getByRole('region', { name: 'Community Predictions' });
const news = (page: Page) => page.getByRole('region', { name: 'AI News Analysis' });

/** The 1-based slide a carousel shows, read from its current dot. */
async function slideOf(carousel: Locator): Promise<number> {
  const label = await carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
  return Number(/(\d+)$/.exec(label ?? '')?.[1]);
}

/** Moves the mouse off the carousels (hovering pauses them). */
const away = (page: Page) => page.mouse.move(5, 5);

test.describe
  .serial('home page', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email, username: id, password: 'Sunny-Day-42' });
      expect(token).toBeTruthy();
    });

    test('a guest sees every section in order, live figures, no console errors, and it is accessible', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const statsReply = page.waitForResponse('**/api/stats/homepage');
      await page.goto('/');
      const stats = await (await statsReply).json();
      await expect(community(page).getByRole('article').first()).toBeVisible();
      await expect(news(page).getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Community Predictions' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'AI News Analysis' })).toBeVisible();

      // Sections top to bottom (SPEC.md §2 items 1–10).
      const order = [
        page.getByRole('heading', { name: 'Hot Topics' }),
        page.getByRole('heading', { level: 1 }),
        page.getByRole('heading', { name: 'What Do You See Coming Next', exact: true }),
        page.getByRole('heading', { name: 'Why Predict' }),
        page.getByRole('heading', { name: 'Community Guidelines' }),
        page.getByTestId('stat-members'),
        page.getByRole('heading', { name: 'About Futurecast' }),
        page.getByRole('heading', { name: 'Frequently Asked Questions' }),
        page.getByRole('link', { name: 'Start Predicting' }),
        page.getByRole('navigation', { name: 'Futurecast on social media' }),
      ];
      let last = -1;
      for (const l of order) {
        const y = (await l.boundingBox())?.y ?? -1;
        expect(y).toBeGreaterThan(last);
        last = y;
      }

      // Calls to action: guests go to /login.
      await expect(page.getByRole('link', { name: 'Join & Predict' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('link', { name: 'Explore Analytics' })).toHaveAttribute(
        'href',
        '/analytics',
      );
      await expect(page.getByRole('link', { name: 'Submit Your Prediction' })).toHaveAttribute(
        'href',
        '/login',
      );
      await expect(page.getByRole('link', { name: 'Start Predicting' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('link', { name: 'View Analytics' })).toHaveAttribute('href', '/analytics');

      // Live figures replace the defaults.
      await expect(page.getByTestId('stat-members')).toHaveText(stats.totalUsers.toLocaleString('en'));
      await expect(page.getByTestId('stat-weekly')).toHaveText(stats.weeklyPredictions.toLocaleString('en'));
      await expect(page.getByTestId('stat-monthly')).toHaveText(stats.activePredictors.toLocaleString('en'));
      await expect(page.getByTestId('stat-predictions-today')).toHaveText(
        stats.predictionsToday.toLocaleString('en'),
      );

      // Cards: the demo community and the demo news, labelled, with ≤ 4 bullets and keywords.
      await expect(community(page).getByText('Demo').first()).toBeVisible();
      const story = news(page).getByRole('article').first();
      const bullets = await story.getByRole('listitem').filter({ hasText: /^• / }).count();
      expect(bullets).toBeGreaterThan(0);
      expect(bullets).toBeLessThanOrEqual(4);
      expect(
        await story.getByRole('list', { name: 'Keywords' }).getByRole('listitem').count(),
      ).toBeLessThanOrEqual(4);
      await expect(story.locator('time')).toHaveText(/^(Just now|\d+[mhd] ago)$/);

      // FAQ and social links.
      await expect(page.locator('details')).toHaveCount(10);
      const social = page.getByRole('navigation', { name: 'Futurecast on social media' });
      await expect(social.getByRole('link')).toHaveCount(2);
      await expect(social.getByText('Soon')).toHaveCount(2);
      // The deployment's own addresses (playwright.config.ts sets them), not built-in ones.
      await expect(social.getByRole('link', { name: /Telegram/ })).toHaveAttribute(
        'href',
        'https://t.me/futurecast_e2e',
      );
      const contact = page.getByRole('link', { name: 'team@futurecast.test' });
      await expect(contact).toHaveAttribute('href', 'mailto:team@futurecast.test');

      await expectAccessible(page);
      expect(problems).toEqual([]);
    });

    test('screenshots: the whole page at 1280 and 360 px', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await expect(news(page).getByRole('article').first()).toBeVisible();
        await expect(page.getByTestId('stat-members')).not.toHaveText('2,898');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${shots}/home-${width}.png`, fullPage: true });
      }
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
      await expect(page).toHaveURL(/\/login$/);
      expect(problems).toEqual([]);
    });

    test("'Join & Predict' cycles every 2 s through nine languages, Persian right to left", async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto('/');
      const button = page.getByTestId('join-predict');
      await expect(button).toBeVisible();
      await page.clock.pauseAt(Date.now() + 60_000);
      const active = button.locator('[data-active="true"]');
      const seen: { lang: string; dir: string }[] = [];
      for (let i = 0; i < 9; i++) {
        seen.push({
          lang: (await active.getAttribute('lang')) ?? '',
          dir: (await active.getAttribute('dir')) ?? '',
        });
        await page.clock.runFor(2_000);
      }
      const langs = seen.map((s) => s.lang);
      expect([...langs].sort()).toEqual(['de', 'en', 'es', 'fa', 'fr', 'it', 'pt', 'ru', 'zh']);
      expect(seen.find((s) => s.lang === 'fa')?.dir).toBe('rtl');
      // The button keeps one size and one accessible name whatever language shows.
      await expect(page.getByRole('link', { name: 'Join & Predict' })).toBeVisible();
    });

    for (const [name, region, t] of [
      ['community', community, { interval: 4_000, arrow: 5_000, dot: 8_000 }],
      ['news', news, { interval: 6_000, arrow: 8_000, dot: 10_000 }],
    ] as const) {
      test(`the ${name} carousel advances, holds after arrows and dots, and pauses on hover and touch`, async ({
        page,
      }) => {
        await page.clock.install();
        await page.goto('/');
        const carousel = region(page);
        await expect(carousel.getByRole('article').first()).toBeVisible();
        await page.clock.pauseAt(Date.now() + 60_000);
        const slides = await carousel.getByRole('button', { name: /^Show / }).count();
        expect(slides).toBeGreaterThan(3);

        // A dot: shows that slide, then rotation restarts after the dot hold.
        await carousel
          .getByRole('button', { name: /^Show / })
          .first()
          .click();
        await away(page);
        expect(await slideOf(carousel)).toBe(1);
        await page.clock.runFor(t.dot + t.interval - 300);
        expect(await slideOf(carousel)).toBe(1);
        await page.clock.runFor(600);
        expect(await slideOf(carousel)).toBe(2);
        // Then every interval.
        await page.clock.runFor(t.interval - 300);
        expect(await slideOf(carousel)).toBe(2);
        await page.clock.runFor(600);
        expect(await slideOf(carousel)).toBe(3);

        // An arrow: one step, then the shorter arrow hold.
        await carousel.getByRole('button', { name: /^Next / }).click();
        await away(page);
        expect(await slideOf(carousel)).toBe(4);
        await page.clock.runFor(t.arrow + t.interval - 300);
        expect(await slideOf(carousel)).toBe(4);
        await page.clock.runFor(600);
        expect(await slideOf(carousel)).toBe(5 > slides ? 1 : 5);
        const before = await slideOf(carousel);

        // Hovering holds it…
        await carousel.hover();
        await page.clock.runFor(3 * t.interval);
        expect(await slideOf(carousel)).toBe(before);
        await away(page);
        // …and so does a touch.
        await carousel.dispatchEvent('touchstart');
        await page.clock.runFor(3 * t.interval);
        expect(await slideOf(carousel)).toBe(before);
        await carousel.dispatchEvent('touchend');
        await page.clock.runFor(t.interval + 300);
        expect(await slideOf(carousel)).not.toBe(before);

        // Previous goes back; the loop wraps from the first slide to the last.
        await carousel
          .getByRole('button', { name: /^Show / })
          .first()
          .click();
        await carousel.getByRole('button', { name: /^Previous / }).click();
        expect(await slideOf(carousel)).toBe(slides);
      });
    }

    test('with reduced motion the carousels do not advance and the language does not cycle', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install();
      await page.goto('/');
      await expect(news(page).getByRole('article').first()).toBeVisible();
      await page.clock.pauseAt(Date.now() + 60_000);
      await away(page);
      const [c, n] = [await slideOf(community(page)), await slideOf(news(page))];
      await page.clock.runFor(60_000);
      expect(await slideOf(community(page))).toBe(c);
      expect(await slideOf(news(page))).toBe(n);
      await expect(page.getByTestId('join-predict').locator('[data-active="true"]')).toHaveAttribute(
        'lang',
        'en',
      );
      // Arrows still work.
      await news(page)
        .getByRole('button', { name: /^Next / })
        .click();
      expect(await slideOf(news(page))).toBe(n + 1);
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
      const card = carousel.getByRole('group', { name: `${slide} of`, exact: false });
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
        .getByRole('group', { name: `${now} of`, exact: false })
        .getByRole('button', { name: /^Like/ })
        .focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.clock.runFor(30_000);
      expect(await slideOf(carousel)).toBe(now);
    });

    test('on a touch screen a tap on an arrow holds rotation only for the arrow hold', async ({
      browser,
    }) => {
      const context = await browser.newContext({
        hasTouch: true,
        isMobile: true,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.clock.install();
      await page.goto('/');
      const carousel = news(page);
      await expect(carousel.getByRole('article').first()).toBeVisible();
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.clock.runFor(1_000);
      const before = await slideOf(carousel);
      // A real tap: touch events, then the compatibility mouse events, and no 'mouseleave' after.
      await carousel.getByRole('button', { name: /^Next / }).tap();
      await page.clock.runFor(1_000);
      const tapped = await slideOf(carousel);
      expect(tapped).not.toBe(before);
      await page.clock.runFor(8_000 + 6_000);
      expect(await slideOf(carousel)).not.toBe(tapped);
      await context.close();
    });

    test('FAQ items open independently; the feedback popup follows the rules', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/');
      const items = page.locator('details');
      await items.nth(0).locator('summary').click();
      await items.nth(2).locator('summary').click();
      await expect(items.nth(0)).toHaveAttribute('open', '');
      await expect(items.nth(2)).toHaveAttribute('open', '');
      await expect(items.nth(1)).not.toHaveAttribute('open', '');
      await items.nth(0).locator('summary').click();
      await expect(items.nth(0)).not.toHaveAttribute('open', '');
      await expect(items.nth(2)).toHaveAttribute('open', '');
      // Keyboard works too (native disclosure).
      await items.nth(3).locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(items.nth(3)).toHaveAttribute('open', '');

      // 'No': email required, comment box present, checkbox; closes on an outside click.
      await items.nth(2).getByRole('button', { name: 'No' }).click();
      let dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(/Email/)).toHaveAttribute('type', 'email');
      await expect(dialog.getByLabel('What was missing or unclear?')).toBeVisible();
      await expect(dialog.getByLabel('Send me the weekly analytics summary')).toBeVisible();
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(dialog.getByText('Email is required for feedback')).toBeVisible();
      await page.mouse.click(5, 400);
      await expect(dialog).toBeHidden();

      // A failing server: 'Failed to submit feedback'.
      await page.route('**/api/faq-feedback', (route) => route.fulfill({ status: 500, body: '{}' }));
      await items.nth(2).getByRole('button', { name: 'No' }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel(/Email/).fill('reader@example.com');
      await dialog.getByLabel('What was missing or unclear?').fill('An example would help.');
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(dialog.getByText('Failed to submit feedback')).toBeVisible();
      await page.unroute('**/api/faq-feedback');

      // Success closes the popup 2 s later.
      const sent = page.waitForRequest('**/api/faq-feedback');
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        faqIndex: 2,
        feedbackType: 'dislike',
        userEmail: 'reader@example.com',
        userComment: 'An example would help.',
        subscribeToAnalytics: false,
      });
      await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
      await expect(dialog).toBeHidden({ timeout: 4_000 });

      // 'Yes': no comment box, email optional.
      await items.nth(3).getByRole('button', { name: 'Yes' }).click();
      dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('What was missing or unclear?')).toHaveCount(0);
      // The weekly summary needs somewhere to go: a ticked box with no email is said, not dropped.
      const subscribe = dialog.getByLabel('Send me the weekly analytics summary');
      await subscribe.check();
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(dialog.getByText('Email is required to subscribe to weekly analytics')).toBeVisible();
      await dialog.getByLabel(/Email/).fill('not-an-address');
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
      await dialog.getByLabel(/Email/).fill('');
      await subscribe.uncheck();
      const liked = page.waitForResponse('**/api/faq-feedback');
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      expect((await liked).status()).toBe(201);
      expect((await liked).request().postDataJSON()).toMatchObject({
        userEmail: null,
        subscribeToAnalytics: false,
      });
      await expect(dialog).toBeHidden({ timeout: 4_000 });
      expect(problems.filter((p) => !p.includes('status of 500'))).toEqual([]);
    });

    test('hot topics: the 30-minute cache shows at once, and the error and fallback states', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(news(page).getByRole('article').first()).toBeVisible();
      // Written after a fresh load.
      const cache = await page.evaluate(() => JSON.parse(localStorage.getItem('hot-topics-cache') ?? 'null'));
      expect(cache.community.length).toBeGreaterThan(0);
      expect(cache.news.length).toBeGreaterThan(0);
      expect(Date.now() - cache.timestamp).toBeLessThan(60_000);

      // With the cache, content shows even when every call fails.
      const hotTopicCalls = /\/api\/(hot-topics(\/ai)?|enhanced-hot-topics)$/;
      await page.route(hotTopicCalls, (route) => route.abort());
      await page.reload();
      await expect(news(page).getByRole('article').first()).toBeVisible();
      await expect(community(page).getByRole('article').first()).toBeVisible();

      // Without it: the news box shows the error with 'Try Again'; the community box examples.
      await page.evaluate(() => localStorage.removeItem('hot-topics-cache'));
      await page.reload();
      await expect(page.getByText('Unable to load hot topics')).toBeVisible({ timeout: 15_000 });
      await expect(community(page).getByText('Example').first()).toBeVisible();
      await page.unroute(hotTopicCalls);
      await page.getByRole('button', { name: 'Try Again' }).last().click();
      await expect(news(page).getByRole('article').first()).toBeVisible();

      // The enhanced call failing alone falls back to /api/hot-topics.
      await page.evaluate(() => localStorage.removeItem('hot-topics-cache'));
      await page.route('**/api/enhanced-hot-topics', (route) => route.fulfill({ status: 503, body: '{}' }));
      const fallback = page.waitForResponse('**/api/hot-topics');
      await page.reload();
      expect((await fallback).status()).toBe(200);
      await expect(news(page).getByRole('article').first()).toBeVisible();
    });
  });

test('on a phone every carousel dot is a 24 px target in view, and slides stay aligned after a resize', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  for (const carousel of [community(page), news(page)]) {
    await expect(carousel.getByRole('article').first()).toBeVisible();
    const dots = carousel.getByRole('button', { name: /^Show (prediction|story) \d+$/ });
    expect(await dots.count()).toBeGreaterThan(1);
    for (const box of await Promise.all((await dots.all()).map((d) => d.boundingBox()))) {
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
    }
  }
  // Embla re-measures on resize (a phone turned sideways and back): the shown slide must still
  // start where the carousel does.
  const carousel = community(page);
  const offset = async () => {
    const viewport = await carousel.locator('.overflow-hidden').first().boundingBox();
    const slide = await carousel.getByRole('group', { name: /^1 of / }).boundingBox();
    return Math.round((slide?.x ?? 0) - (viewport?.x ?? 0));
  };
  expect(await offset()).toBe(0);
  for (const width of [800, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await expect.poll(offset).toBe(0);
  }
});

test('on a phone the news cards show whole lines only, nothing cut through the middle', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const card = news(page).getByRole('article').first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
  const blocks = await card.evaluate((article) => {
    const inner =
      article.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(article).paddingBottom);
    return [...article.children].map((el) => {
      const style = getComputedStyle(el);
      const lineHeight = Number.parseFloat(style.lineHeight);
      const height =
        el.getBoundingClientRect().height -
        Number.parseFloat(style.paddingTop) -
        Number.parseFloat(style.paddingBottom);
      return {
        tag: el.tagName,
        // A text block's height is a whole number of its lines (lists hold whole items).
        lines: el.tagName === 'P' || el.tagName === 'H3' ? height / lineHeight : Math.round(height),
        insideCard: el.getBoundingClientRect().bottom <= inner + 0.5,
      };
    });
  });
  for (const b of blocks) {
    expect(b.insideCard, `${b.tag} ends inside the card`).toBe(true);
    expect(Math.abs(b.lines - Math.round(b.lines)), `${b.tag} shows whole lines (${b.lines})`).toBeLessThan(
      0.05,
    );
  }
});

test("the home page's public reads go over the network once each: the page takes the preloaded replies", async ({
  page,
}) => {
  const requests = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) requests.set(path, (requests.get(path) ?? 0) + 1);
  });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  const document = await page.goto('/');
  expect(document?.headers().link).toContain('</api/hot-topics/ai>; rel=preload; as=fetch');
  await expect(community(page).getByRole('article').first()).toBeVisible();
  await expect(news(page).getByRole('article').first()).toBeVisible();
  await expect(page.getByTestId('stat-members')).not.toHaveText(/^\s*$/);
  // Chromium warns about a preloaded response nobody took after about three seconds.
  await page.waitForTimeout(3500);
  for (const path of ['/api/hot-topics/ai', '/api/enhanced-hot-topics', '/api/stats/homepage'])
    expect(requests.get(path), path).toBe(1);
  expect(warnings).toEqual([]);
});
