import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { signUnsubscribeToken } from '../src/server/features/notifications/unsubscribe-token.ts';
import { apiLogin, expectAccessible, mailedLink, registerMember, subjectsTo, watchConsole } from './support';

// The settings page in real Chromium against the real server: change password (other sessions
// end), change email (a mailed link, the old address told), export my data (a JSON download), the
// digest switch and its unsubscribe link.

const shots = '/tmp/shots-ux';
mkdirSync(shots, { recursive: true });

const id = `set${Date.now() % 1_000_000}`;
let email = `${id}@example.com`;
let password = 'Sunny-Day-42';
let token = '';

const asMember = (page: Page) => page.addInitScript((t) => localStorage.setItem('token', t), token);
const me = (page: Page, t: string) =>
  page.request.get('/api/user', { headers: { authorization: `Bearer ${t}` } });

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe
  .serial('settings', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, { email, username: id, password });
      expect(token).toBeTruthy();
    });

    test('is linked from the navigation and the dashboard, and is accessible', async ({ page }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/login');
      await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      for (const name of [
        'Password',
        'Email address',
        'Notifications',
        'Export my data',
        'Delete my account',
      ]) {
        await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      }
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home', exact: true })
        .click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expectAccessible(page);
      await shoot(page, 'settings');
      expect(problems).toEqual([]);
    });

    test('change password: needs the current one, refuses it as the new one, ends other sessions', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const elsewhere = await apiLogin(page.request, email, password);
      await asMember(page);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Password' });
      const change = section.getByRole('button', { name: 'Change Password' });
      await expect(change).toBeDisabled();
      await section.getByLabel('Current password').fill(password);
      await section.getByLabel('New password', { exact: true }).fill(password);
      await expect(
        section.getByText('Your new password must be different from your current one'),
      ).toBeVisible();
      await section.getByLabel('Current password').fill('Wrong-Guess-11');
      await section.getByLabel('New password', { exact: true }).fill('Brand-New-77');
      await section.getByLabel('Confirm new password').fill('Brand-New-77');
      await expect(section.getByText('Passwords match')).toBeVisible();
      await change.click();
      await expect(section.getByRole('alert')).toHaveText('Your current password is not correct');

      await section.getByLabel('Current password').fill(password);
      await change.click();
      await expect(section.getByRole('status').filter({ hasText: 'Password changed' })).toHaveText(
        'Password changed. Every other session has been signed out.',
      );
      await expect(section.getByLabel('Current password')).toHaveValue('');
      password = 'Brand-New-77';
      // This session goes on; the other one ended.
      expect((await me(page, token)).status()).toBe(200);
      expect((await me(page, elsewhere)).status()).toBe(401);
      await expect.poll(() => subjectsTo(email)).toContain('Your Futurecast password was changed');
      await page.screenshot({ path: `${shots}/settings-password-done-1280.png` });
      expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
    });

    test('change email: confirmed through the mailed link, the old address told', async ({ page }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Email address' });
      await expect(section.getByText(email)).toBeVisible();
      const next = `${id}-new@example.com`;
      await section.getByLabel('New email').fill(next);
      await section.getByLabel('Current password').fill(password);
      await section.getByRole('button', { name: 'Send Confirmation Link' }).click();
      await expect(section.getByRole('status').first()).toHaveText(
        `We sent a confirmation link to ${next}. Your email address changes once you follow it.`,
      );
      await expect(section.getByText('Waiting for confirmation')).toBeVisible();
      // Sent in the background, after the reply.
      await expect
        .poll(() => subjectsTo(email))
        .toContain('Your Futurecast email address is about to change');
      await page.screenshot({ path: `${shots}/settings-email-sent-1280.png`, fullPage: true });

      await page.goto(mailedLink(next, 'confirm-email'));
      await expect(page).toHaveURL(/\/settings$/);
      await expect(
        page.getByText('Your email address is changed. Mail about your account now goes to the new address.'),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Email address' }).getByText(next)).toBeVisible();
      await page.screenshot({ path: `${shots}/settings-email-changed-1280.png` });
      // Sent in the background, after the reply.
      await expect.poll(() => subjectsTo(email)).toContain('Your Futurecast email address was changed');
      email = next;
      // The new address signs in.
      expect(await apiLogin(page.request, email, password)).toBeTruthy();
      // The link again: spent.
      await page.goto(mailedLink(next, 'confirm-email'));
      await expect(page.getByText('That confirmation link does not work', { exact: false })).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('export my data: one JSON download with the profile, predictions, comments and votes', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const text = `By 2031 the ${id} co-op will run 40 electric ferries across the Oslofjord.`;
      const published = await page.request.post('/api/predictions', {
        headers: { authorization: `Bearer ${token}` },
        // Private: the export holds it all the same, and the home page's carousels stay as they were.
        data: { prediction_text: text, categories: 'Environment', visibility: false },
      });
      expect(published.status()).toBe(201);
      await asMember(page);
      await page.goto('/settings');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download My Data' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^futurecast-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const data = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8'));
      expect(data).toMatchObject({
        format: 'futurecast-account-export',
        version: 1,
        includes: ['profile', 'predictions', 'comments', 'votes', 'resolutions'],
        profile: { username: id, email },
        comments: [],
        votes: [],
        resolution_votes: [],
      });
      expect(data.predictions.map((p: { text: string }) => p.text)).toEqual([text]);
      expect(data.predictions[0].analysis.quality_score).toEqual(expect.any(Number));
      await expect(page.getByText('Your data was downloaded.')).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('the digest is off until turned on; its mailed link unsubscribes without signing in', async ({
      browser,
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/settings');
      const digest = page.getByRole('switch', { name: /daily digest/ });
      await expect(digest).toHaveAttribute('aria-checked', 'false');
      await digest.click();
      await expect(digest).toHaveAttribute('aria-checked', 'true');
      await page.reload();
      await expect(page.getByRole('switch', { name: /daily digest/ })).toHaveAttribute(
        'aria-checked',
        'true',
      );

      // The link a digest carries, signed with this server's secret, opened where nobody is signed in.
      const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'session-secret'), 'utf8').trim();
      const memberId = (await (await me(page, token)).json()).user.id as number;
      const link = `/unsubscribe?token=${signUnsubscribeToken(secret, memberId, Date.now() + 3_600_000)}`;
      const guest = await browser.newContext();
      const guestPage = await guest.newPage();
      await guestPage.goto(link);
      await expect(guestPage.getByRole('heading', { name: 'Stop the daily digest' })).toBeVisible();
      await expectAccessible(guestPage);
      await guestPage.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(guestPage.getByText('You will no longer receive the Futurecast digest.')).toBeVisible();
      for (const [width, height] of [
        [1280, 800],
        [375, 812],
      ] as const) {
        await guestPage.setViewportSize({ width, height });
        await guestPage.screenshot({ path: `${shots}/unsubscribe-${width}.png`, fullPage: true });
      }
      await guest.close();
      await page.reload();
      await expect(page.getByRole('switch', { name: /daily digest/ })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      expect(problems).toEqual([]);
    });
    test('delete my account: the dialog, a wrong password keeps it, then everything is gone', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      // A member of its own, with a prediction, a comment, a vote and a draft in this browser.
      const name = `${id}del`;
      const mail = `${name}@example.com`;
      const secret = 'Sunny-Day-42';
      const own = await registerMember(page.request, { email: mail, username: name, password: secret });
      const auth = { authorization: `Bearer ${own}` };
      const published = await page.request.post('/api/predictions', {
        headers: auth,
        data: {
          prediction_text: `By 2029 the ${name} co-op will run 300 shared electric vans in Lisbon.`,
          categories: 'Technology',
          visibility: true,
        },
      });
      expect(published.status()).toBe(201);
      const predictionId = (await published.json()).prediction.id as number;
      expect(
        (await page.request.post(`/api/predictions/${predictionId}/like`, { headers: auth })).status(),
      ).toBe(200);
      expect(
        (
          await page.request.post(`/api/predictions/${predictionId}/comments`, {
            headers: auth,
            data: { comment: 'Adding a data point later.' },
          })
        ).status(),
      ).toBe(201);
      // Once: a later load must find what the deletion left behind, not a fresh copy.
      await page.addInitScript((t) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', t);
        localStorage.setItem('futurecast:draft:1', JSON.stringify({ text: 'half-written', categories: [] }));
      }, own);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Delete my account' });
      // Export first: the way to it is offered.
      await expect(section.getByRole('link', { name: 'Export my data' })).toHaveAttribute(
        'href',
        '#export-title',
      );

      // The dialog: focus on the username field; Escape hands focus back to the button.
      const opener = section.getByRole('button', { name: 'Delete my account' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      const typed = dialog.getByLabel('Type your username to confirm');
      await expect(typed).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(
        dialog.getByText('your predictions, public and private, with their analyses'),
      ).toBeVisible();
      await expect(dialog.getByText(/anyone can take it\s+again after 30 days/)).toBeVisible();
      const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
      await expect(confirm).toBeDisabled();
      await typed.fill(name.toUpperCase());
      await expect(confirm).toBeDisabled();
      await typed.fill(name);
      await dialog.getByLabel('Current password').fill('Wrong-Guess-11');
      await expect(confirm).toBeEnabled();
      for (const [width, height] of [
        [1280, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${shots}/settings-delete-dialog-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);

      // A wrong password: said in the dialog, and the account stays.
      await confirm.click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Incorrect password' })).toBeVisible();
      await expect(dialog).toBeVisible();
      expect((await me(page, own)).status()).toBe(200);

      await dialog.getByLabel('Current password').fill(secret);
      await confirm.click();
      // Signed out here, drafts gone, and told so with the way home.
      await expect(page.getByRole('heading', { name: 'Account deleted', level: 1 })).toBeVisible();
      await expect(page.getByText('Your account and everything in it have been deleted.')).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);
      expect(
        await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')]),
      ).toEqual([null, null]);
      expect(await page.evaluate(() => localStorage.getItem('futurecast:draft:1'))).toBeNull();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
      ).toBeVisible();
      await expectAccessible(page);
      for (const [width, height] of [
        [1280, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: `${shots}/settings-deleted-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      // The session is revoked, signing in is refused, and the prediction and profile are gone.
      expect((await me(page, own)).status()).toBe(401);
      const challenge = await (await page.request.get('/api/captcha/challenge')).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const login = await page.request.post('/api/auth/login', {
        data: {
          username: name,
          password: secret,
          captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
        },
      });
      expect(login.status()).toBe(401);
      expect((await page.request.get(`/api/predictions/${predictionId}`)).status()).toBe(404);
      expect((await page.request.get(`/api/users/${name}`)).status()).toBe(404);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/p/${predictionId}`);
      await expect(page.getByText(`the ${name} co-op`)).toHaveCount(0);
      expect(problems.filter((p) => !/status of (400|404)/.test(p))).toEqual([]);
    });
  });
