import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#web/lib/api-client.ts';
import { forgotFailure, googleFailure, isSentMessage, loginFailure, UI } from './messages';

describe('login failures map onto SPEC.md §8', () => {
  it('by status, then by message', () => {
    expect(loginFailure(new ApiError(500, 'boom', 'INTERNAL'))).toEqual({
      kind: 'other',
      message: UI.loginServerError,
    });
    expect(
      loginFailure(
        new ApiError(403, 'x', 'EMAIL_NOT_VERIFIED', { requiresVerification: true, email: 'a@b.co' }),
      ),
    ).toEqual({ kind: 'verification-required', message: UI.loginVerificationRequired, email: 'a@b.co' });
    expect(
      loginFailure(
        new ApiError(400, 'Security verification failed. Please complete the CAPTCHA and try again.', 'X'),
      ),
    ).toEqual({ kind: 'captcha', message: UI.loginSecurityFailed });
    expect(loginFailure(new ApiError(401, 'Invalid email, username or password', 'X'))).toEqual({
      kind: 'other',
      message: 'Invalid email, username or password',
    });
    expect(loginFailure(new ApiError(401, '', 'X')).message).toBe(UI.loginFallback);
    expect(loginFailure(new Error('?')).message).toBe(UI.loginFallback);
  });
});

describe('Google and forgot-password failures', () => {
  it('uses the SPEC texts', () => {
    expect(googleFailure(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'))).toBe(UI.googleNoServer);
    expect(googleFailure(new ApiError(403, 'Your Google account email is not verified', 'X'))).toBe(
      'Your Google account email is not verified',
    );
    expect(googleFailure(new TypeError('x'))).toBe(UI.googleIncomplete);
    expect(forgotFailure(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'))).toBe(UI.forgotNoServer);
    expect(forgotFailure(new ApiError(429, 'Too many requests. Please try again in 60 seconds.', 'X'))).toBe(
      'Too many requests. Please try again in 60 seconds.',
    );
    expect(forgotFailure(new ApiError(400, '', 'X'))).toBe(UI.forgotFallback);
    expect(forgotFailure(new Error('x'))).toBe(UI.forgotUnknown);
    expect(isSentMessage(UI.forgotSent)).toBe(true);
    expect(isSentMessage(UI.forgotNoServer)).toBe(false);
  });
});
