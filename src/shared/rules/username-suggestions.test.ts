import { describe, expect, it } from 'vitest';
import { usernameSuggestions } from './username-suggestions.ts';
import { isValidEmail, isValidUsername, normalizeEmail } from './validation.ts';

describe('username suggestions (SPEC.md §5)', () => {
  it('builds the five forms from the email local part', () => {
    expect(usernameSuggestions('jane.doe@example.com', { randomNumber: 7, year: 2031 })).toEqual([
      'janedoe',
      'janedoe7',
      'janedoe_2031',
      'janedoe_predictor',
      'future_janedoe',
    ]);
  });

  it('cuts each to 20 characters and drops duplicates and invalid ones', () => {
    const s = usernameSuggestions('averyveryverylongname@example.com', { randomNumber: 42, year: 2031 });
    expect(s).toEqual(['averyveryverylongnam', 'future_averyveryvery']);
    for (const name of s) expect(name.length).toBeLessThanOrEqual(20);
    expect(usernameSuggestions('ab@example.com', { randomNumber: 5, year: 2031 })).toEqual([
      'ab5',
      'ab_2031',
      'ab_predictor',
      'future_ab',
    ]);
    expect(usernameSuggestions('@example.com')).toEqual([]);
    expect(usernameSuggestions('ñandú@example.com', { randomNumber: 1, year: 2031 })).toEqual([
      'and',
      'and1',
      'and_2031',
      'and_predictor',
      'future_and',
    ]);
  });

  it('uses a number from 1 to 99 by default', () => {
    for (let i = 0; i < 50; i++) {
      const n = Number(usernameSuggestions('sam@example.com')[1]?.slice(3));
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(99);
    }
  });
});

describe('email and username rules', () => {
  it('normalises emails by trimming and lower-casing', () => {
    expect(normalizeEmail('  Jane@Example.COM ')).toBe('jane@example.com');
    expect(isValidEmail(' Jane@Example.com ')).toBe(true);
    for (const bad of ['jane', 'jane@', '@x.com', 'a b@c.com', 'jane@example', `${'a'.repeat(250)}@x.com`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('accepts only 3-20 ASCII letters, digits and underscores', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('A_b_9'.padEnd(20, 'x'))).toBe(true);
    for (const bad of ['ab', 'x'.repeat(21), 'аbc', 'abc ', 'a-b', 'ab.c'])
      expect(isValidUsername(bad), bad).toBe(false);
  });
});
