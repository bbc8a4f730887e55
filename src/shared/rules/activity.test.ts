import { describe, expect, it } from 'vitest';
import { newActivityPhrase } from './activity.ts';

describe('newActivityPhrase', () => {
  it('names only what happened, with the right plurals', () => {
    expect(newActivityPhrase(2, 1)).toBe('2 new likes and 1 new comment');
    expect(newActivityPhrase(0, 1)).toBe('1 new comment');
    expect(newActivityPhrase(1, 0)).toBe('1 new like');
    expect(newActivityPhrase(0, 0)).toBe('nothing new');
  });
});
