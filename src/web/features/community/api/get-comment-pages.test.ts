import type { Comment } from '#shared/schemas/community.ts';
import { describe, expect, it } from 'vitest';
import { oldestFirst } from './get-comment-pages';

const comment = (id: number): Comment => ({
  id,
  comment_text: `c${id}`,
  text: `c${id}`,
  username: 'a',
  user_id: 1,
  created_at: '2026-11-01T00:00:00Z',
  timestamp: '2026-11-01T00:00:00Z',
});
const page = (ids: number[], nextCursor: string | null = null) => ({
  success: true as const,
  comments: ids.map(comment),
  comments_count: 45,
  nextCursor,
});

describe('oldestFirst', () => {
  it('puts earlier pages above the latest one', () => {
    const latest = page([26, 27, 28], 'c1');
    const earlier = page([23, 24, 25], 'c2');
    const earliest = page([21, 22]);
    expect(oldestFirst([latest, earlier, earliest]).map((c) => c.id)).toEqual([
      21, 22, 23, 24, 25, 26, 27, 28,
    ]);
    expect(oldestFirst([latest]).map((c) => c.id)).toEqual([26, 27, 28]);
    expect(oldestFirst([])).toEqual([]);
  });

  it('shows a comment once when two pages overlap', () => {
    expect(oldestFirst([page([3, 4]), page([2, 3])]).map((c) => c.id)).toEqual([2, 3, 4]);
  });
});
