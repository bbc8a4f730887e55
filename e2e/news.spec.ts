import { expect, test } from '@playwright/test';
import {
  communityBox as community,
  expectAccessible,
  expectCarouselTimings,
  newsBox as news,
  slideOf,
} from './support';

// The AI News Analysis box in real Chromium against the real server with local feeds: its carousel,
// its cards on a phone, and the hot-topics cache, error and fallback states.

test('the news carousel advances, holds after arrows and dots, and pauses on hover and touch', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await expectCarouselTimings(page, news(page), { interval: 6_000, arrow: 8_000, dot: 10_000 });
});

test('on a touch screen a tap on an arrow holds rotation only for the arrow hold', async ({ browser }) => {
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

test('hot topics: the 30-minute cache shows at once, and the error and fallback states', async ({ page }) => {
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

test('a story links to its source article: https only, in a new tab, without opener or referrer', async ({
  page,
}) => {
  const story = (id: number, source: string, url: string) => ({
    id,
    title: `Story ${id}: grid batteries pass a new milestone`,
    description: 'Utilities add storage faster than expected.',
    summary: 'Utilities add storage faster than expected.',
    bulletPoints: ['Storage doubled in a year'],
    category: 'Technology',
    source,
    trend: 'stable',
    articles: [
      {
        title: `Story ${id}`,
        source: 'Elsewhere',
        url: 'https://elsewhere.example/other',
        publishedAt: '2026-11-20T10:00:00.000Z',
      },
      { title: `Story ${id}`, source, url, publishedAt: '2026-11-20T10:00:00.000Z' },
    ],
    newsContext: { primarySource: source, articleCount: 2 },
    keywords: ['storage'],
    publishedAt: '2026-11-20T10:00:00.000Z',
    type: 'news',
    isDemo: false,
  });
  await page.route('**/api/enhanced-hot-topics', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        success: true,
        enhanced: true,
        timestamp: new Date().toISOString(),
        newsMetrics: { totalArticles: 6, totalStories: 3, sources: 4, lastRefresh: null },
        topics: [
          story(1, 'Grid Weekly', 'https://grid.example/batteries'),
          story(2, 'Plain Wire', 'http://plain.example/batteries'),
          story(3, 'Script News', 'javascript:alert(1)'),
        ],
      }),
    }),
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const box = news(page);
  const slide = (n: number) => box.getByRole('tabpanel', { name: `${n} of 3`, exact: false });
  await expect(slide(1).getByRole('heading', { name: /^Story 1/ })).toBeVisible();
  const link = slide(1).getByRole('link', {
    name: 'Grid Weekly: read “Story 1: grid batteries pass a new milestone” (opens in a new tab)',
  });
  await expect(link).toHaveAttribute('href', 'https://grid.example/batteries');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await box.scrollIntoViewIfNeeded();
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await box.screenshot({ path: `/tmp/shots-ux/news-link-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  // http: and javascript: addresses: the source is named, not linked.
  for (const [n, source] of [
    [2, 'Plain Wire'],
    [3, 'Script News'],
  ] as const) {
    await box.getByRole('tab', { name: `Show story ${n}` }).click();
    await expect(slide(n).getByText(source, { exact: true })).toBeVisible();
    await expect(slide(n).getByRole('link')).toHaveCount(0);
  }
  expect(await box.locator('a[href^="http:"], a[href^="javascript:"]').count()).toBe(0);
});
