import { describe, expect, it } from 'vitest';
import { meetsResetRule, passwordStrength, resetRequirements } from './password.ts';

describe('password strength (SPEC.md §5 Registration)', () => {
  it.each([
    ['', 0, 'weak', false, 'Password too weak - add more characters, numbers, or symbols'],
    ['abc', 1, 'weak', false, 'Password too weak - add more characters, numbers, or symbols'],
    ['abcdefgh', 2, 'weak', false, 'Password too weak - add more characters, numbers, or symbols'],
    ['abcdefg1', 3, 'medium', true, 'Good password - consider adding symbols for extra security'],
    ['Abcdefg1', 4, 'strong', true, 'Strong password!'],
    ['Abcdef1!', 5, 'strong', true, 'Strong password!'],
    ['Ab1!', 4, 'strong', false, 'Password must be at least 8 characters'],
    ['aB3', 3, 'medium', false, 'Password must be at least 8 characters'],
    [`Aa1${'x'.repeat(126)}`, 4, 'strong', false, 'Password must be at most 128 characters'],
  ])('%j scores %i (%s, valid %s)', (pw, score, level, valid, message) => {
    expect(passwordStrength(pw)).toEqual({ score, level, valid, message });
  });

  it('counts any non-alphanumeric character, spaces and non-ASCII included, as a symbol', () => {
    expect(passwordStrength('abcdefg ').score).toBe(3);
    expect(passwordStrength('abcdefgé').score).toBe(3);
  });
});

describe('reset rule (SPEC.md §5 Password reset)', () => {
  it('needs 8+ characters, an uppercase, a lowercase and a digit', () => {
    expect(meetsResetRule('Abcdefg1')).toBe(true);
    expect(meetsResetRule('Abcdef1')).toBe(false);
    expect(meetsResetRule('abcdefg1')).toBe(false);
    expect(meetsResetRule('ABCDEFG1')).toBe(false);
    expect(meetsResetRule('Abcdefgh')).toBe(false);
    expect(meetsResetRule(`Aa1${'x'.repeat(126)}`)).toBe(false);
  });

  it('reports each requirement for the checklist', () => {
    expect(resetRequirements('abc1').map((r) => [r.key, r.met])).toEqual([
      ['length', false],
      ['uppercase', false],
      ['lowercase', true],
      ['digit', true],
    ]);
  });
});
