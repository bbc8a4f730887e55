import { describe, expect, it } from 'vitest';
import { effectText, longDate, monthYear } from './format';

describe('effectText', () => {
  it('signs each effect and rounds it to whole points', () => {
    expect(effectText(12)).toBe('+12 points');
    expect(effectText(-8.4)).toBe('−8 points');
    expect(effectText(1)).toBe('+1 point');
    expect(effectText(0.2)).toBe('±0 points');
  });
});

describe('dates', () => {
  it('writes a day and a month in words, and a dash for a date it cannot read', () => {
    expect(longDate('2026-11-22T12:00:00Z')).toBe('November 22, 2026');
    expect(monthYear('2026-11-01T00:30:00Z')).toBe('November 2026');
    expect(longDate('not a date')).toBe('—');
    expect(monthYear('')).toBe('—');
  });
});
