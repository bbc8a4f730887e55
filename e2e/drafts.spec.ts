import { expect, type Page, test } from '@playwright/test';
import { registerMember, watchConsole } from './support';

// The submit form's draft in real Chromium: a half-written prediction survives navigating away and a
// reload, and is gone once published; a flagged but published prediction empties the form at once.

const id = `draft${Date.now() % 1_000_000}`;
let token = '';
const TEXT = `By 2032 the ${id} cooperative will run 25 wind turbines off the coast of Stavanger.`;
const MACHINE =
  'As an AI language model, it is important to note that in conclusion the future of remote work will be transformative and multifaceted, fostering innovation across diverse landscapes.';

const asMember = (page: Page) => page.addInitScript((t) => localStorage.setItem('token', t), token);
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

test.describe
  .serial('drafts', () => {
    test.beforeAll(async ({ request }) => {
      token = await registerMember(request, {
        email: `${id}@example.com`,
        username: id,
        password: 'Sunny-Day-42',
      });
    });

    test('a half-written prediction survives navigating away and a reload; publishing clears it', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/submit');
      const text = page.getByLabel('What do you see coming?');
      await text.fill(TEXT.slice(0, 40));
      await page.getByRole('button', { name: 'Environment', exact: true }).click();
      await page.getByLabel(/Private/).check();
      await expect(page.getByText('Draft saved on this device.')).toBeVisible();

      await nav(page, 'Home');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await nav(page, 'Submit');
      await expect(text).toHaveValue(TEXT.slice(0, 40));
      await page.reload();
      await expect(text).toHaveValue(TEXT.slice(0, 40));
      await expect(page.getByRole('button', { name: 'Environment', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByLabel(/Private/)).toBeChecked();
      await page.screenshot({ path: '/tmp/shots-ux/submit-draft-1280.png', fullPage: true });

      await text.fill(TEXT);
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      // Private: not 'shared with the world'.
      await expect(page.getByRole('heading', { name: 'Prediction Saved!' })).toBeVisible();
      await expect(
        page.getByText('Your vision of the future is saved privately: only you can see it'),
      ).toBeVisible();
      await page.screenshot({ path: '/tmp/shots-ux/submit-saved-private-1280.png' });
      await expect(text).toHaveValue('', { timeout: 5_000 });
      await page.reload();
      await expect(text).toHaveValue('');
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('futurecast:draft:'))),
      ).toEqual([]);
      expect(problems).toEqual([]);
    });

    test('a flagged but published prediction empties the form at once, so it is not sent twice', async ({
      page,
    }) => {
      const problems = watchConsole(page);
      await asMember(page);
      await page.goto('/submit');
      const text = page.getByLabel('What do you see coming?');
      await text.fill(MACHINE);
      await page.getByRole('button', { name: 'Launch Prediction' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'AI-generated content detected' }),
      ).toBeVisible();
      await expect(text).toHaveValue('', { timeout: 1_000 });
      await expect(page.getByRole('button', { name: 'Launch Prediction' })).toBeDisabled();
      await page.reload();
      await expect(text).toHaveValue('');
      expect(problems).toEqual([]);
    });
  });
