import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { commentErrorMessage } from './post-comment';
import { voteErrorMessage } from './vote-prediction';

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
