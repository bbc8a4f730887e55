import { ApiError } from '#web/lib/api-client.ts';

// The account texts of SPEC.md §4 and §8, quoted exactly, and how a failed call maps onto them.

export const UI = {
  loginFailedTitle: 'Login Failed',
  loginServerError: 'Server error occurred. Please try again later.',
  loginVerificationRequired: 'Email verification required. Please check your inbox.',
  loginSecurityFailed: 'Security verification failed. Please complete the CAPTCHA and try again.',
  loginFallback: 'Login failed. Please check your credentials.',
  captchaRequired: 'Please complete the security verification',
  registrationFallback: 'Registration failed. Please try again.',
  googleFailed: 'Google sign-in failed',
  googleNoServer: 'Failed to connect to server',
  googleIncomplete: 'Failed to complete Google sign-in',
  verificationLoginFailed: 'Verification successful but login failed. Please try logging in manually.',
  resendEmailRequired: 'Email address is required to resend verification.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  resendSent: 'Verification email sent! Please check your inbox and spam folder.',
  verificationExpired: 'Verification link expired. Please request a new one.',
  verificationError: 'Verification failed. Please try again or request a new link.',
  forgotSent: 'Password reset link sent to your email!',
  forgotFallback: 'Failed to send reset email',
  forgotNoServer: 'Cannot connect to server. Please check if the backend is running.',
  forgotUnknown: 'Something went wrong. Please try again.',
  forgotEmailRequired: 'Email is required',
  resetNoToken: 'No reset token provided',
  resetInvalid: 'Invalid or expired reset link',
  resetCheckFailed: 'Error verifying reset link. Please try again.',
  resetFailed: 'Failed to reset password',
  resetNetwork: 'Network error. Please try again.',
  resetDone: 'Password reset successful! Redirecting to login...',
  resetDoneOnLogin: 'Password reset successful! Please sign in with your new password.',
} as const;

export type LoginFailure =
  | { kind: 'verification-required'; message: string; email: string | null }
  | { kind: 'captcha'; message: string }
  | { kind: 'other'; message: string };

/** SPEC.md §8 'Login errors': by status, then by message. */
export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: UI.loginFallback };
  if (error.status >= 500) return { kind: 'other', message: UI.loginServerError };
  if (error.status === 403) {
    const email = typeof error.details?.email === 'string' ? error.details.email : null;
    return { kind: 'verification-required', message: UI.loginVerificationRequired, email };
  }
  if (error.message.includes('Security verification'))
    return { kind: 'captcha', message: UI.loginSecurityFailed };
  return { kind: 'other', message: error.message || UI.loginFallback };
}

/** SPEC.md §8 'Google': the server's message for a refused token, else the connection message. */
export function googleFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return UI.googleNoServer;
    return error.message || UI.googleIncomplete;
  }
  return UI.googleIncomplete;
}

/** SPEC.md §8 'Forgot password'. */
export function forgotFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return UI.forgotNoServer;
    return error.message || UI.forgotFallback;
  }
  return UI.forgotUnknown;
}

/** SPEC.md §8: a forgot-password message containing 'sent' is shown as a success. */
export const isSentMessage = (message: string): boolean => message.includes('sent');
