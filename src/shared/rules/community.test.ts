import { describe, expect, it } from 'vitest';
import { communityInsight } from './community.ts';

describe('communityInsight', () => {
  it('invites the first vote only while there is none', () => {
    expect(communityInsight({ likes: 0, dislikes: 0, comments: 0 })).toBe(
      'No votes yet: be the first to weigh in.',
    );
    expect(communityInsight({ likes: 0, dislikes: 0, comments: 1 })).toBe('No votes yet, 1 comment.');
    expect(communityInsight({ likes: 1, dislikes: 0, comments: 0 })).toBe(
      '100% of 1 voter agrees, 0 comments.',
    );
    expect(communityInsight({ likes: 1, dislikes: 2, comments: 3 })).toBe(
      '33% of 3 voters agree, 3 comments.',
    );
  });
});
