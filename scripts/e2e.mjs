// Runs the Playwright browser tests against the real built server in Debian's Chromium.
// Without Chromium it says so and skips: browsers are never downloaded.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`skipped: no Chromium at ${chromium} (install Debian's chromium package to run browser tests)`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
