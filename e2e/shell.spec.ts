import { expect, test } from '@playwright/test';
import { expectAccessible, registerMember, watchConsole } from './support';

const ROUTES: { path: string; heading: RegExp; finalPath?: string; dialog?: boolean }[] = [
  { path: '/', heading: /Join & Predict/ },
  { path: '/submit', heading: /./ },
  { path: '/login', heading: /./ },
  { path: '/signup', heading: /./ },
  { path: '/forgot-password', heading: /./, dialog: true },
  { path: '/analytics', heading: /./ },
  { path: '/predictions', heading: /Explore predictions/ },
  { path: '/verify-email', heading: /./ },
  { path: '/reset-password', heading: /./ },
  { path: '/my-predictions', heading: /./, finalPath: '/login' },
  { path: '/settings', heading: /./, finalPath: '/login' },
  { path: '/unsubscribe?token=x', heading: /Stop the daily digest/ },
  { path: '/confirm-email?token=x', heading: /Settings/, finalPath: '/settings' },
  { path: '/leaderboard', heading: /Leaderboard/ },
  { path: '/reminders/opt-out?token=x', heading: /Stop resolution reminders/ },
  { path: '/no-such-page', heading: /Page not found/ },
];

test.describe('navigation shell', () => {
  test('desktop shows Home, Explore, Submit, Analytics and Login for a visitor, and navigates', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Explore', 'Submit', 'Analytics', 'Login']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'My Account' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(nav.getByRole('link', { name: 'Analytics', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/submit$/);
    await nav.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(problems).toEqual([]);
  });

  test('at 360 px the hamburger menu holds the same entries and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const problems = watchConsole(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(
      `#${await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')}`,
    );
    for (const name of ['Home', 'Explore', 'Submit', 'Analytics', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
  });

  test('an unparseable stored token is removed and the visitor is signed out', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', 'not-a-jwt');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('on a slow connection a member sees the shell and public content while the profile loads', async ({
    page,
  }) => {
    const id = `slow${Date.now() % 1_000_000}`;
    const token = await registerMember(page.request, {
      email: `${id}@example.com`,
      username: id,
      password: 'Sunny-Day-42',
    });
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The page is there, laid out for the member the token names; the account area says it is loading.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`What do you see coming, ${id}?`);
    await expect(
      page.getByRole('region', { name: 'Community Predictions' }).getByRole('article').first(),
    ).toBeVisible();
    await expect(nav.getByRole('status')).toHaveText('Loading your account');
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shots-ux/slow-profile-1280.png' });
    release();
    await expect(nav.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('status')).toHaveCount(0);
  });

  test('the performance monitor appears only with the debug flag', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('Performance monitor')).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem('futurecast:debug-perf', '1'));
    await page.reload();
    const monitor = page.getByLabel('Performance monitor');
    await expect(monitor).toBeVisible();
    for (const metric of ['LCP', 'INP', 'CLS', 'TTFB']) await expect(monitor).toContainText(metric);
  });
});

for (const route of ROUTES) {
  test(`${route.path} loads without console errors or CSP violations and passes axe`, async ({ page }) => {
    const problems = watchConsole(page);
    // A blocked eval or inline script is reported as an event, not always as a console error.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    await page.goto(route.path);
    await expect(page).toHaveURL(new RegExp(`${(route.finalPath ?? route.path).replace(/[?]/g, '\\?')}$`));
    if (route.dialog) await expect(page.getByRole('dialog')).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.heading);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
}

test("each page's HTML names its own chunk, which the browser then fetches once", async ({
  page,
  request,
}) => {
  const pages = {
    '/': 'home',
    '/login': 'account',
    '/submit': 'submit',
    '/analytics': 'analytics',
    '/leaderboard': 'leaderboard',
  };
  for (const [path, module] of Object.entries(pages)) {
    const html = await (await request.get(path)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    const chunk = preloads.find((href) => href?.startsWith(`/assets/${module}-`));
    expect(chunk, `${path} names /assets/${module}-*.js`).toBeDefined();
    for (const other of Object.values(pages).filter((m) => m !== module)) {
      expect(preloads.some((href) => href?.startsWith(`/assets/${other}-`))).toBe(false);
    }
    const fetched: string[] = [];
    const count = (r: { url: () => string }) => fetched.push(new URL(r.url()).pathname);
    page.on('request', count);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    page.off('request', count);
    expect(fetched.filter((p) => p === chunk)).toHaveLength(1);
  }
});

test('the home page renders at 360 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});

test('content that arrives after the first paint never moves the footer inside the viewport', async ({
  page,
}) => {
  // A phone, and the sign-in settings answering late: the form replaces a shorter placeholder.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.route('**/api/auth/config', async (route) => {
    await new Promise((done) => setTimeout(done, 600));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Sign In/i }).first()).toBeVisible();
  await page.waitForTimeout(300);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThanOrEqual(0.02);
  // The footer is still there, just below the fold.
  await expect(page.getByRole('contentinfo')).toBeAttached();
});

test('while the scripts are still on their way the loading screen shows, then the page replaces it', async ({
  page,
}) => {
  // As on a slow connection: the page's HTML and stylesheet have arrived, its entry script has not.
  const entry = /\/assets\/index-[\w-]+\.js$/;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Join & Predict/);
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('without JavaScript only the notice shows, not a loading screen that would never end', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  // Playwright's text matching skips <noscript>, so the notice is found by its class.
  await expect(page.locator('p.noscript')).toBeVisible();
  await expect(page.locator('p.noscript')).toContainText('Futurecast needs JavaScript to run.');
  await expect(page.getByText('Loading...')).toBeHidden();
  await context.close();
});

test('a page whose code cannot load shows the error screen inside the shell, and Try Again recovers', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // As after a deployment that replaced the chunks this tab was built against.
  const chunk = /\/assets\/analytics-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page).toHaveURL(/\/analytics$/);
  // The shell still works: another page clears the error.
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Join & Predict/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('analytics-content')).toBeVisible();
});

test('a new page starts at the top, and Back returns to where the reader was', async ({ page }) => {
  // The narrowest phone, where the home page's placeholder for its lower part is furthest from the
  // real height: the place is restored all the same, even at the very bottom.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Community Predictions' }).getByRole('article').first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'View Analytics' }).scrollIntoViewIfNeeded();
  // As a reader does: on to the end, again while the page grows under the placeholder's estimate.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const height = document.documentElement.scrollHeight;
        window.scrollTo(0, height);
        // The stretch that came into view is laid out at its real height within a few frames; a
        // loaded machine may need more, so the end counts only once the height has held for 0.5 s.
        await new Promise((done) => setTimeout(done, 500));
        const grew = document.documentElement.scrollHeight !== height;
        return grew ? Number.POSITIVE_INFINITY : height - (window.innerHeight + window.scrollY);
      }),
    )
    .toBeLessThan(1);
  const y = await page.evaluate(() => Math.round(window.scrollY));
  expect(y).toBeGreaterThan(4000);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
});
