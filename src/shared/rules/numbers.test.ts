import { describe, expect, it } from 'vitest';
import { countOf, formatCount, plural } from './numbers.ts';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 2898, 25_000, 1_234_567, -1234])('writes %d as toLocaleString("en") does', (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString('en')),
  );
});

describe('countOf', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(countOf(1, 'prediction')).toBe('1 prediction');
    expect(countOf(0, 'prediction')).toBe('0 predictions');
    expect(countOf(2898, 'member')).toBe('2,898 members');
    expect(countOf(1, 'story', 'stories')).toBe('1 story');
    expect(countOf(3, 'story', 'stories')).toBe('3 stories');
    expect(plural(1, 'voter agrees', 'voters agree')).toBe('voter agrees');
  });
});
