import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 2898, 25_000, 1_234_567, -1234])('writes %d as toLocaleString("en") does', (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString('en')),
  );
});
