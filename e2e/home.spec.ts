import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  communityBox as community,
  expectAccessible,
  mouseAway as away,
  newsBox as news,
  registerMember,
  slideOf,
  watchConsole,
} from './support';

// The home page in real Chromium against the real server with the demo community (DEMO_DATA on):
// every section in order, 'Join & Predict', reduced motion, the FAQ and its feedback popup, and
// how the page loads. Hot Topics' two boxes have their own specs (community, news).

const shots = '/tmp/shots';
mkdirSync(shots, { recursive: true });

test.describe
  .serial('home page', () => {
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

      // Calls to action: guests go to /login; 'Join & Predict' creates an account, beside a sign-in link.
      await expect(page.getByRole('link', { name: 'Join & Predict' })).toHaveAttribute('href', '/signup');
      await expect(
        page.getByRole('region', { name: /Join & Predict/ }).getByRole('link', { name: 'Sign in' }),
      ).toHaveAttribute('href', '/login');
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

    test("a signed-in member's FAQ feedback uses their account email instead of asking", async ({ page }) => {
      const problems = watchConsole(page);
      const id = `faq${Date.now() % 1_000_000}`;
      const token = await registerMember(page.request, {
        email: `${id}@example.com`,
        username: id,
        password: 'Sunny-Day-42',
      });
      await page.addInitScript((t) => localStorage.setItem('token', t), token);
      await page.goto('/');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }),
      ).toBeVisible();
      const item = page.locator('details').nth(1);
      await item.locator('summary').click();
      await item.getByRole('button', { name: 'No' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`We will use your account's email, ${id}@example.com.`)).toBeVisible();
      await expect(dialog.getByLabel(/Email/)).toHaveCount(0);
      await dialog.getByLabel('What was missing or unclear?').fill('A worked example.');
      await page.screenshot({ path: '/tmp/shots-ux/faq-member-1280.png' });
      const sent = page.waitForResponse('**/api/faq-feedback');
      await dialog.getByRole('button', { name: 'Send Feedback' }).click();
      expect((await sent).status()).toBe(201);
      expect((await sent).request().postDataJSON()).toMatchObject({
        feedbackType: 'dislike',
        userEmail: `${id}@example.com`,
        userComment: 'A worked example.',
      });
      await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
      expect(problems).toEqual([]);
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
    const dots = carousel.getByRole('tab', { name: /^Show (prediction|story) \d+$/ });
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
    const slide = await carousel.getByRole('tabpanel', { name: /^1 of / }).boundingBox();
    return Math.round((slide?.x ?? 0) - (viewport?.x ?? 0));
  };
  expect(await offset()).toBe(0);
  for (const width of [800, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await expect.poll(offset).toBe(0);
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
