import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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
export function verificationLink(to: string): string {
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
