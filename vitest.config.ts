import { defineConfig } from 'vitest/config';

// Node 25 and later have a localStorage of their own (Web Storage, off without a backing file);
// in the browser tests it hides jsdom's. Node 20 doesn't know the flag.
const nodeMajor = Number(process.versions.node.split('.')[0]);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'migrations/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks',
    execArgv: nodeMajor >= 25 ? ['--no-experimental-webstorage'] : [],
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
