import { afterEach, vi } from 'vitest';

// A console.error during a test fails it (STYLE.md rule 9).
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${first.join('\n')}`);
  }
});
