import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The real server, built SPA and a fresh SQLite database per run; Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4173);
// Set once in the runner; workers inherit it, so tests can read the same outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'futurecast-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: join(dataDir, 'e2e.db'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      DEMO_DATA: 'true',
      ALTCHA_MAX_NUMBER: '1000',
      LOG_LEVEL: 'warn',
      NEWS_FEEDS: `http://127.0.0.1:${port}/nonexistent-feed.xml`,
      CONTACT_EMAIL: 'team@futurecast.test',
      TELEGRAM_URL: 'https://t.me/futurecast_e2e',
    },
  },
});
