// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { voteErrorMessage } from '#web/features/home/api/vote-prediction.ts';
import { commentErrorMessage } from '#web/features/home/api/post-comment.ts';
import { formatCount } from './format-count';
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

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 2898, 25_000, 1_234_567, -1234])('writes %d as toLocaleString("en") does', (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString('en')),
  );
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

describe('error messages (SPEC.md §8 Home page)', () => {
  it('vote', () => {
    expect(voteErrorMessage(new ApiError(200, 'x', 'INVALID_RESPONSE'), 'like')).toBe(
      'Server error: Invalid response format',
    );
    expect(voteErrorMessage(new ApiError(0, 'x', 'NETWORK_ERROR'), 'like')).toBe(
      'Network error while liking prediction',
    );
    expect(voteErrorMessage(new ApiError(0, 'x', 'NETWORK_ERROR'), 'dislike')).toBe(
      'Network error while disliking prediction',
    );
    expect(voteErrorMessage(new ApiError(404, 'Prediction not found', 'NOT_FOUND'), 'like')).toBe(
      'Prediction not found',
    );
    expect(voteErrorMessage(new ApiError(500, '', 'INTERNAL'), 'dislike')).toBe(
      'Failed to dislike prediction',
    );
    expect(voteErrorMessage(new Error('?'), 'like')).toBe('Failed to like prediction');
  });
  it('comment', () => {
    expect(commentErrorMessage(new ApiError(0, 'x', 'NETWORK_ERROR'))).toBe(
      'Network error while submitting comment',
    );
    expect(commentErrorMessage(new ApiError(500, 'x', 'INTERNAL'))).toBe('Failed to add comment');
  });
});
