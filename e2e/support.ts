import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Collects console errors and uncaught page errors; a test fails if any appear. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const outboxDir = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The verification link mailed to `to` (the server writes .eml files to the outbox without SMTP). */
function verificationLink(to: string): string {
  for (const file of readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(outboxDir(), file), 'utf8');
    if (!new RegExp(`^To: ${to}$`, 'im').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification mail to ${to}`);
}

/** Registers through the API, follows the mailed link, and returns the session token it signs in with. */
export async function registerMember(
  request: APIRequestContext,
  member: { username: string; email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/auth/register', { data: member });
  expect(res.status()).toBe(201);
  const link = new URL(verificationLink(member.email));
  // The mailed page forwards to the server's verification address, which signs the member in.
  const verified = await request.get(`/api/auth/verify-email${link.search}`, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  const target = new URL(verified.headers().location ?? '', 'http://x');
  expect(target.searchParams.get('verification')).toBe('success');
  return target.searchParams.get('token') ?? '';
}

/** The two Hot Topics boxes on the home page. */
export const communityBox = (page: Page) => page.getByRole('region', { name: 'Community Predictions' });
export const newsBox = (page: Page) => page.getByRole('region', { name: 'AI News Analysis' });

/** The 1-based slide a carousel shows, read from its selected dot (a tab of its tab list). */
export async function slideOf(carousel: Locator): Promise<number> {
  const label = await carousel.locator('[role="tab"][aria-selected="true"]').getAttribute('aria-label');
  return Number(/(\d+)$/.exec(label ?? '')?.[1]);
}

/** Moves the mouse off the carousels (hovering pauses them). */
export const mouseAway = (page: Page) => page.mouse.move(5, 5);

/**
 * SPEC.md §4 'Carousels' on a fake clock: a carousel advances every interval, holds after a dot and
 * after an arrow for their times, pauses on hover and touch, and wraps.
 */
export async function expectCarouselTimings(
  page: Page,
  carousel: Locator,
  t: { interval: number; arrow: number; dot: number },
): Promise<void> {
  const away = () => mouseAway(page);
  await expect(carousel.getByRole('article').first()).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  const slides = await carousel.getByRole('tab', { name: /^Show / }).count();
  expect(slides).toBeGreaterThan(3);

  // A dot: shows that slide, then rotation restarts after the dot hold.
  await carousel
    .getByRole('tab', { name: /^Show / })
    .first()
    .click();
  await away();
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
  await away();
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
  await away();
  // …and so does a touch.
  await carousel.dispatchEvent('touchstart');
  await page.clock.runFor(3 * t.interval);
  expect(await slideOf(carousel)).toBe(before);
  await carousel.dispatchEvent('touchend');
  await page.clock.runFor(t.interval + 300);
  expect(await slideOf(carousel)).not.toBe(before);

  // Previous goes back; the loop wraps from the first slide to the last.
  await carousel
    .getByRole('tab', { name: /^Show / })
    .first()
    .click();
  await carousel.getByRole('button', { name: /^Previous / }).click();
  expect(await slideOf(carousel)).toBe(slides);
}

/** Signs in through the API with a real captcha solution (altcha-lib, as the widget does): a new session. */
export async function apiLogin(request: APIRequestContext, login: string, password: string): Promise<string> {
  const challenge = await (await request.get('/api/captcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await request.post('/api/auth/login', {
    data: { ...(login.includes('@') ? { email: login } : { username: login }), password, captcha },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

/** The newest link of that path in the outbox mail to `to` (mails are .eml files without SMTP). */
export function mailedLink(to: string, path: string): string {
  const files = readdirSync(outboxDir())
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = readFileSync(join(outboxDir(), file), 'utf8');
    if (!new RegExp(`^To: ${to}$`, 'im').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new RegExp(`https?://[^\\s"]+/${path}\\?token=[A-Za-z0-9_.-]+`).exec(text)?.[0];
    if (link) return link;
  }
  throw new Error(`no ${path} mail to ${to}`);
}

/** The subjects of the outbox mails to `to`, oldest first. */
export function subjectsTo(to: string): string[] {
  return readdirSync(outboxDir())
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(outboxDir(), f), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to}$`, 'im').test(raw))
    .map((raw) => /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '');
}

/** Sums layout shifts without recent input from the page's start (run before goto). */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { cls: number }).cls);
}

/** Publishes a prediction through the API as the member whose token this is; returns its id. */
export async function publishPrediction(
  request: APIRequestContext,
  token: string,
  text: string,
  { categories = 'Technology', visibility = true }: { categories?: string | null; visibility?: boolean } = {},
): Promise<number> {
  const res = await request.post('/api/predictions', {
    headers: { authorization: `Bearer ${token}` },
    data: { prediction_text: text, categories, visibility },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).prediction.id as number;
}

/** Comments on prediction `id` through the API as the member whose token this is. */
export async function postComment(
  request: APIRequestContext,
  token: string,
  id: number,
  comment: string,
): Promise<void> {
  const res = await request.post(`/api/predictions/${id}/comments`, {
    headers: { authorization: `Bearer ${token}` },
    data: { comment },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Signed in as this member from the first page load ('Remember me': the token in localStorage). */
export const signedIn = (page: Page, token: string) =>
  page.addInitScript((t) => localStorage.setItem('token', t), token);

/** Console errors other than the given statuses, which a test asked for on purpose (a 404 page). */
export const unexpectedProblems = (problems: string[], ...allowed: number[]) =>
  problems.filter((p) => !allowed.some((s) => p.includes(`status of ${s}`)));

/**
 * Deletes a prediction a test published (its author's token). A member's own qualifying prediction
 * replaces the demo community in Hot Topics (decision 008), so specs that publish public ones clean
 * up after themselves: the specs after them expect the demo carousel. Already gone is fine.
 */
export async function unpublish(request: APIRequestContext, token: string, id: number): Promise<void> {
  const res = await request.delete(`/api/predictions/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect([200, 404]).toContain(res.status());
}
