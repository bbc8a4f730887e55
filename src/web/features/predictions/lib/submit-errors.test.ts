import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { SUBMIT_ERROR_MESSAGES as M, submitErrorView } from './submit-errors';

const api = (status: number, message = '', details?: Record<string, unknown>) =>
  new ApiError(status, message, 'X', details);

describe('submission errors (SPEC §8)', () => {
  it.each([
    [api(400, 'Duplicate prediction: a very similar prediction has already been published.'), M.duplicate],
    [
      api(400, 'Prediction must be at least 10 characters long'),
      'Prediction must be at least 10 characters long',
    ],
    [api(400), M.badRequest],
    [api(401, 'Authentication required'), M.unauthorized],
    [api(403), M.forbidden],
    [api(409, 'Duplicate prediction: you have already published this prediction.'), M.duplicate],
    [api(422, 'whatever'), M.unprocessable],
    [api(500, 'boom'), M.server],
    [api(503), M.server],
    [
      api(429, 'Too many requests. Please try again in 30 seconds.'),
      'Server error (429): Too many requests. Please try again in 30 seconds.',
    ],
    [api(418), 'Server error (418): Please try again'],
    // Replies without the server's error shape (a proxy's page, an unreadable body): §8's fallbacks.
    [new ApiError(400, 'Request failed (400 Bad Request)', 'HTTP_400', undefined, false), M.badRequest],
    [new ApiError(403, 'Request failed (403 Forbidden)', 'HTTP_403', undefined, false), M.forbidden],
    [
      new ApiError(404, 'Request failed (404 Not Found)', 'HTTP_404', undefined, false),
      'Server error (404): Please try again',
    ],
    [
      new ApiError(201, 'Server error: Invalid response format', 'INVALID_RESPONSE', undefined, false),
      M.unreadableSuccess,
    ],
    [new ApiError(0, 'offline', 'NETWORK_ERROR'), M.network],
    [new ApiError(0, 'slow', 'TIMEOUT'), M.network],
    [new TypeError('Failed to build request'), 'Request error: Failed to build request'],
    ['???', M.unknown],
  ])('%#: shows the right message', (error, message) => {
    expect(submitErrorView(error).message).toBe(message);
  });

  it('lists the recommendations of a 403 under the server message', () => {
    const view = submitErrorView(
      api(403, 'Prediction not published: Abusive or offensive language.', {
        recommendations: ['Criticise ideas, not people.', 42, 'Remove insults.'],
      }),
    );
    expect(view).toEqual({
      message: 'Prediction not published: Abusive or offensive language.',
      lines: ['Criticise ideas, not people.', 'Remove insults.'],
      signOut: false,
    });
  });

  it("links a duplicate to the prediction it repeats (the 409's details.duplicateOf)", () => {
    const duplicate = (details?: Record<string, unknown>, code = 'DUPLICATE_PREDICTION') =>
      submitErrorView(new ApiError(409, 'Duplicate prediction: already there.', code, details));
    expect(duplicate({ duplicateOf: 12, similarity: 0.93 })).toEqual({
      message: M.duplicate,
      lines: [],
      signOut: false,
      duplicateOf: 12,
    });
    // Nothing to link to: the message alone.
    for (const view of [
      duplicate(),
      duplicate({ duplicateOf: '12' }),
      duplicate({ duplicateOf: -1 }),
      duplicate({ duplicateOf: 1.5 }),
      duplicate({ duplicateOf: 12 }, 'VOTE_CONFLICT'),
    ]) {
      expect(view).toEqual({ message: M.duplicate, lines: [], signOut: false });
    }
  });

  it('signs the member out only on 401', () => {
    expect(submitErrorView(api(401)).signOut).toBe(true);
    expect(submitErrorView(api(403, 'x')).signOut).toBe(false);
  });
});
