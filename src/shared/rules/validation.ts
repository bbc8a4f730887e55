// SPEC.md §5 'Registration' and §9: the username and email rules, shared by the browser's
// live checks and the server's validation.

const _USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/** ASCII only, so Unicode look-alikes ('аdmin' with a Cyrillic а) can never pass. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const EMAIL_MAX_LENGTH = 254;
/**
 * Deliberately plain: something@label.tld, no spaces. The domain's labels cannot contain a dot, so
 * each character has one way to match and the pattern runs in linear time (the old
 * `[^\s@]+\.[^\s@]+` backtracked quadratically on 'a@' followed by dots). Check the length first.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Email and username availability checks wait this long after typing stops. */
export const AVAILABILITY_DEBOUNCE_MS = 500;

export const VALIDATION_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  emailTaken: 'Email already registered',
  emailAvailable: 'Email available',
  emailCheckFailed: 'Unable to verify email. Please try again.',
  usernameInvalid: 'Username must be 3-20 characters, letters, numbers and underscores only',
  usernameTaken: 'Username already taken',
  usernameAvailable: 'Username available',
  usernameCheckFailed: 'Error checking username availability',
} as const;

/** Emails are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The uniqueness key of a username: case-insensitive. */
export const usernameKey = (username: string): string => username.toLowerCase();

export const isValidEmail = (email: string): boolean => {
  const e = normalizeEmail(email);
  return e.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(e);
};

export const isValidUsername = (username: string): boolean => USERNAME_PATTERN.test(username);
