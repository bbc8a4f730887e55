import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// What results.json was measured on: a hash of the engine's code and data (src/server/scoring
// without eval/ and tests). A test compares it with the engine as it is, so results.json can't
// silently describe another engine, and no test run ever measures the held-out sets.
const ROOT = new URL('../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'eval' ? [] : files(path);
    return /\.(ts|json)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

export function engineFingerprint(): string {
  const hash = createHash('sha256');
  for (const path of files(ROOT).sort()) hash.update(`${relative(ROOT, path)}\0`).update(readFileSync(path));
  return hash.digest('hex').slice(0, 16);
}
