// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { HOT_TOPICS_CACHE_KEY, readHotTopicsCache, writeHotTopicsCache } from './hot-topics-cache';
import { relativeTime } from './relative-time';
import { cleanBullets } from './topic-filters';

describe('relative time (SPEC.md §9)', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it.each([
    ['2026-05-01T11:59:31Z', 'Just now'],
    ['2026-05-01T11:55:00Z', '5m ago'],
    ['2026-05-01T09:00:00Z', '3h ago'],
    ['2026-04-28T12:00:00Z', '3d ago'],
    ['2026-05-01T12:00:30Z', 'Just now'],
  ])('%s → %s', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
});

describe('bullet points (SPEC.md §5)', () => {
  it('keeps at most 4, trimmed, non-empty, each with a bullet', () => {
    expect(cleanBullets(['  one ', '', '• two', '   ', '- three', 'four', 'five'])).toEqual([
      '• one',
      '• two',
      '• three',
      '• four',
    ]);
  });
});

describe('hot-topics-cache', () => {
  afterEach(() => localStorage.clear());
  it('is read while younger than 30 minutes, and written per part', () => {
    const t = Date.parse('2026-05-01T12:00:00Z');
    writeHotTopicsCache({ news: [] }, t);
    writeHotTopicsCache({ community: [] }, t + 1000);
    expect(readHotTopicsCache(t + 29 * 60_000)).toEqual({ timestamp: t + 1000, community: [], news: [] });
    expect(readHotTopicsCache(t + 31 * 60_000)).toBeNull();
    localStorage.setItem(HOT_TOPICS_CACHE_KEY, '{not json');
    expect(readHotTopicsCache(t)).toBeNull();
  });
});
