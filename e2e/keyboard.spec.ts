import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { communityBox as community, newsBox as news, slideOf } from './support';

// Keyboard use in real Chromium: closing a dialog with Escape gives focus back to the control that
// opened it; the Forgot Password dialog starts in its email field; each carousel is one tab stop
// for its dots, and arrow keys, Home and End move between slides.

mkdirSync('/tmp/shots-ux', { recursive: true });

test('Escape on the Login Required dialog returns focus to the card control that opened it', async ({
  page,
}) => {
  await page.goto('/');
  const like = community(page).getByRole('tabpanel').getByRole('button', { name: /^Like/ }).first();
  await like.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Login Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-ux/login-required-1280.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(like).toBeFocused();

  // Its 'Create Account' opens the account page in registration mode, the way back attached.
  await like.press('Enter');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2F$/);
  await expect(page.getByRole('heading', { name: 'Join the Vision' })).toBeVisible();
});

test('the Forgot Password dialog focuses its email field, and Escape returns to its link', async ({
  page,
}) => {
  await page.goto('/login');
  const link = page.getByRole('link', { name: 'Forgot Password' });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // Typing goes straight into the field.
  await page.keyboard.type('someone@example.com');
  await expect(dialog.getByLabel('Email')).toHaveValue('someone@example.com');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
  await expect(link).toBeFocused();
});

test('each carousel is one tab stop for its dots; arrows, Home and End move between slides', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  for (const [carousel, item] of [
    [community(page), 'prediction'],
    [news(page), 'story'],
  ] as const) {
    await expect(carousel.getByRole('article').first()).toBeVisible();
    const tabs = carousel.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(3);
    await expect(carousel.getByRole('tablist')).toHaveAccessibleName(`Choose a ${item}`);
    // From Next, one Tab lands on the selected dot and the next Tab leaves the dots.
    await carousel.getByRole('button', { name: `Next ${item}` }).focus();
    await page.keyboard.press('Tab');
    await expect(tabs.nth(0)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    expect(await slideOf(carousel)).toBe(2);
    await expect(carousel.getByRole('tabpanel', { name: `2 of ${count}` })).toBeVisible();
    await page.keyboard.press('End');
    await expect(tabs.nth(count - 1)).toBeFocused();
    expect(await slideOf(carousel)).toBe(count);
    await page.keyboard.press('ArrowRight');
    expect(await slideOf(carousel)).toBe(1);
    await page.keyboard.press('ArrowLeft');
    expect(await slideOf(carousel)).toBe(count);
    await page.keyboard.press('Home');
    expect(await slideOf(carousel)).toBe(1);
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('Tab');
    const after = await page.evaluate(() => document.activeElement?.getAttribute('role'));
    expect(after).not.toBe('tab');
  }
  // Without reduced motion there is a rotation control, named with the right plural.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await expect(news(page).getByRole('button', { name: 'Stop rotating stories' })).toBeVisible();
  await expect(community(page).getByRole('button', { name: 'Stop rotating predictions' })).toBeVisible();
});

test('keyboard focus in the dots holds rotation', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const carousel = community(page);
  await expect(carousel.getByRole('article').first()).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  await carousel.getByRole('button', { name: 'Next prediction' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  const shown = await slideOf(carousel);
  await page.clock.runFor(60_000);
  expect(await slideOf(carousel)).toBe(shown);
});
