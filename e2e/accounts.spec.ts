import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from './support';

// The accounts feature in real Chromium against the real server: the mailed links are read from
// the outbox (.eml files), the captcha is solved by the real ALTCHA widget (ALTCHA_MAX_NUMBER=1000).

const outboxDir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The newest link of that kind in the outbox mail addressed to `to`. */
function mailedLink(to: string, kind: 'verify-email' | 'reset-password'): string {
  const files = readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = readFileSync(join(outboxDir, file), 'utf8');
    if (!new RegExp(`^To: ${to}$`, 'im').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = new RegExp(`https?://[^\\s"]+/${kind}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];
    if (link) return link;
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** Requests our own tests make fail on purpose show up as console errors; only those are allowed. */
const unexpected = (problems: string[], ...allowed: number[]) =>
  problems.filter((p) => !allowed.some((s) => p.includes(`status of ${s}`)));

async function solveCaptcha(page: Page) {
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Security verification completed')).toBeVisible({ timeout: 15_000 });
}

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const id = `e2e${Date.now() % 1_000_000}`;
const email = `${id}@example.com`;
const password = 'Sunny-Day-42';

test.describe
  .serial('accounts', () => {
    test('registers in three steps, follows the mailed link and is signed in', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Join the Vision' })).toBeVisible();
      await expect(page.getByText('Step 1 of 3')).toBeVisible();
      const continueButton = page.getByRole('button', { name: 'Continue' });
      await expect(continueButton).toBeDisabled();
      await page.getByLabel('Email').fill('not-an-email');
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await expect(page.getByText('Email available')).toBeVisible();
      await continueButton.click();

      await expect(page.getByRole('heading', { name: 'Choose Your Identity' })).toBeVisible();
      await page.getByLabel('Username').fill('no spaces');
      await expect(
        page.getByText('Username must be 3-20 characters, letters, numbers and underscores only'),
      ).toBeVisible();
      await page.getByRole('button', { name: `${id}_predictor` }).click();
      await expect(page.getByLabel('Username')).toHaveValue(`${id}_predictor`);
      await page.getByLabel('Username').fill(id);
      await expect(page.getByText('Username available')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page.getByRole('heading', { name: 'Secure Your Account' })).toBeVisible();
      const create = page.getByRole('button', { name: 'Create Account' });
      await page.getByLabel('Password', { exact: true }).fill('weakpass');
      await expect(
        page.getByText('Password too weak - add more characters, numbers, or symbols'),
      ).toBeVisible();
      await expect(create).toBeDisabled();
      await page.getByLabel('Password', { exact: true }).fill(password);
      await expect(page.getByText('Strong password!')).toBeVisible();
      await create.click();

      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await page.goto(mailedLink(email, 'verify-email'));
      await expect(page.getByText('Welcome to the Community!')).toBeVisible();
      // The token leaves the address bar at once, while the welcome animation still plays.
      expect(new URL(page.url()).search).toBe('');
      // A new member is welcomed, not welcomed back.
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible({
        timeout: 10_000,
      });
      expect(new URL(page.url()).search).toBe('');
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
      // A link can sign a browser into someone else's account: the account is named, with a way out.
      const signedInAs = page.getByRole('status').filter({ hasText: 'Signed in as' });
      await expect(signedInAs).toContainText(`Signed in as ${id}`);
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      await signedInAs.getByRole('button', { name: 'Not you? Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      const me = await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
      expect(problems).toEqual([]);
    });

    test('signs out, then signs in through the form with the captcha and Remember me', async ({ page }) => {
      const problems = watchConsole(page);
      await signIn(page, id, 'Wrong-Password-1');
      await expect(page.getByText('Login Failed')).toBeVisible();
      await expect(page.getByText('Invalid email, username or password')).toBeVisible();
      // The captcha resets after an error, and the form says so: Sign In waits for it, and Enter
      // submits nothing (no 'Please complete the security verification' error).
      await expect(page.getByText("I'm not a robot")).toBeVisible();
      const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
      await expect(signInButton).toBeDisabled();
      await expect(page.locator('#sign-in-waiting')).toHaveText('Please complete the security verification');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.getByRole('alert')).toContainText('Invalid email, username or password');
      await page.screenshot({ path: '/tmp/shots-ux/signin-waiting-1280.png' });

      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByText('Remember me').click();
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByText('Welcome back!')).toBeVisible();
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible({
        timeout: 10_000,
      });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

      // Logout from the account page lands on the home page, and the session is revoked.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const me = await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
      expect(unexpected(problems, 401)).toEqual([]);
    });

    test('forgot password → reset → sign in with the new password', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.getByLabel('Email').fill(email.toUpperCase());
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(dialog.getByText('Email Sent!')).toBeVisible();
      await expect(dialog.getByText('Password reset link sent to your email!')).toBeVisible({
        timeout: 5_000,
      });

      await page.goto(mailedLink(email, 'reset-password'));
      await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
      const update = page.getByRole('button', { name: 'Update Password' });
      await page.getByLabel('New password', { exact: true }).fill('Brand-New-77');
      await page.getByLabel('Confirm new password').fill('Brand-New-7');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expect(update).toBeDisabled();
      await page.getByLabel('Confirm new password').fill('Brand-New-77');
      await expect(page.getByText('Passwords match')).toBeVisible();
      await update.click();
      await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
      await expect(
        page.getByText('Password reset successful! Please sign in with your new password.'),
      ).toBeVisible();

      await signIn(page, email, 'Brand-New-77');
      await expect(page.getByRole('heading', { name: `Welcome, ${id}` })).toBeVisible({
        timeout: 10_000,
      });
      expect(problems).toEqual([]);
    });

    test('invalid links: verify page without a token, a used reset link, a bad verification link', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await page.goto('/verify-email');
      await expect(
        page.getByText('Invalid verification link. Please check your email or request a new one.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
      await expect(page.getByText('No reset token provided')).toBeVisible();

      await page.goto(mailedLink(email, 'reset-password'));
      await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
      await expect(page.getByText('Invalid or expired reset link')).toBeVisible();
      await page.getByRole('link', { name: 'Request New Reset' }).click();
      await expect(page.getByRole('dialog', { name: 'Forgot Password' })).toBeVisible();

      await page.goto('/verify-email?token=not-a-real-token');
      await expect(page.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
      await expect(
        page.getByText('Verification failed. Please try again or request a new link.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Resend Verification Email' }).click();
      await expect(page.getByText('Email address is required to resend verification.')).toBeVisible();
      expect(unexpected(problems, 400)).toEqual([]);
    });
  });
