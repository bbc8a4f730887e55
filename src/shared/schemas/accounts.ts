import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordStrength } from '#shared/rules/password.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  USERNAME_PATTERN,
  VALIDATION_MESSAGES as M,
} from '#shared/rules/validation.ts';

/** The signed-in member as the API shows them to themselves (SPEC.md §3 User). */
const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_verified: z.boolean(),
  is_demo: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const UserReplySchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserReply = z.infer<typeof UserReplySchema>;

// ── Field rules (SPEC.md §5); the messages are the ones the UI shows as they are ──

/**
 * Trimmed and lower-cased before the format check, so stored emails are always normalised. The
 * length checks abort, so the pattern never sees more than EMAIL_MAX_LENGTH characters.
 */
const EmailField = z
  .string({ message: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { message: M.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: M.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, M.emailInvalid);

const UsernameField = z.string({ message: M.usernameInvalid }).regex(USERNAME_PATTERN, M.usernameInvalid);

/** Any password we accept to check: bounded so nobody makes the server hash a megabyte. */
const PasswordField = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

/** A new registration password: SPEC.md §5 strength ≥ 3 of 5 and 8–128 characters. */
const NewPasswordField = z.string({ message: 'Password is required' }).superRefine((pw, ctx) => {
  const s = passwordStrength(pw);
  if (!s.valid) ctx.addIssue({ code: 'custom', message: s.message });
});

/** 256-bit tokens travel as 43 base64url characters; anything far off that is refused early. */
const EmailTokenField = z
  .string({ message: 'No reset token provided' })
  .trim()
  .min(1, 'No reset token provided')
  .max(200, 'Invalid or expired reset link');

// ── Requests and replies ──

export const RegisterBodySchema = z.object({
  email: EmailField,
  username: UsernameField,
  password: NewPasswordField,
  remember: z.boolean().optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const RegisterReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  requiresVerification: z.boolean(),
  email: z.string(),
  user: UserSchema,
  token: z.string().optional(),
});

export const LoginBodySchema = z
  .object({
    /** The form's one 'email or username' field goes in `email` or `username`. */
    email: z.string().trim().max(EMAIL_MAX_LENGTH, 'Invalid email, username or password').optional(),
    username: z.string().trim().max(EMAIL_MAX_LENGTH, 'Invalid email, username or password').optional(),
    password: PasswordField,
    captcha: z
      .string()
      .max(20_000, 'Security verification failed. Please complete the CAPTCHA and try again.')
      .optional(),
    remember: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.email || b.username), {
    message: 'Email or username is required',
    path: ['email'],
  });
export type LoginBody = z.input<typeof LoginBodySchema>;

export const SessionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  requiresVerification: z.literal(false),
  token: z.string(),
  user: UserSchema,
});

const GoogleTokenField = z
  .string({ message: 'Google sign-in failed' })
  .min(1, 'Google sign-in failed')
  .max(4096, 'Google sign-in failed')
  .optional();

/**
 * The Google ID token (a JWT) from Google Identity Services: the web app sends its button's
 * `credential`; `id_token` and SPEC.md §7's `access_token` field are read too, but whichever is
 * used must hold an ID token (an opaque access token cannot be checked for its audience).
 */
export const GoogleBodySchema = z
  .object({
    credential: GoogleTokenField,
    id_token: GoogleTokenField,
    access_token: GoogleTokenField,
    remember: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.credential || b.id_token || b.access_token), { message: 'Google sign-in failed' });
export type GoogleBody = z.input<typeof GoogleBodySchema>;

export const GoogleReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: UserSchema,
  isNewUser: z.boolean(),
});

export const CheckEmailBodySchema = z.object({ email: EmailField });
export const CheckUsernameBodySchema = z.object({ username: UsernameField });
export const ExistsReplySchema = z.object({ success: z.literal(true), exists: z.boolean() });

export const EmailBodySchema = z.object({ email: EmailField });

export const MessageReplySchema = z.object({ success: z.literal(true), message: z.string() });

export const VerifyEmailQuerySchema = z.object({ token: z.string().max(200).optional() });

export const VerifyResetTokenBodySchema = z.object({ token: EmailTokenField });
export const ResetPasswordBodySchema = z.object({
  token: EmailTokenField,
  newPassword: z
    .string({ message: PASSWORD_MESSAGES.resetInvalid })
    .min(1, PASSWORD_MESSAGES.resetInvalid)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
});

// ── Account settings (/settings: docs/decisions/013-account-self-service.md) ──

/** A new password set from the settings page: the same rule as a reset (SPEC.md §5 'Password reset'). */
const ChosenPasswordField = z
  .string({ message: PASSWORD_MESSAGES.resetInvalid })
  .min(1, PASSWORD_MESSAGES.resetInvalid)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

export const ChangePasswordBodySchema = z.object({
  currentPassword: PasswordField,
  newPassword: ChosenPasswordField,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const ChangeEmailBodySchema = z.object({
  email: EmailField,
  /** Required when the account has a password (a Google-only account has none). */
  password: PasswordField.optional(),
});
export type ChangeEmailBody = z.input<typeof ChangeEmailBodySchema>;

export const ChangeEmailReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  pendingEmail: z.string(),
});

export const ACCOUNT_DELETION_MESSAGES = {
  usernameMismatch: 'Type your username exactly as it is shown to confirm',
  passwordWrong: 'Incorrect password',
  passwordRequired: 'Enter your password to confirm',
  deleted: 'Your account and everything in it have been deleted',
  usernameHeld: 'This username was recently released and can be taken again after 30 days',
} as const;

/** DELETE /api/account: the typed username confirms; the password is a second factor when set. */
export const DeleteAccountBodySchema = z.object({
  username: z
    .string({ message: ACCOUNT_DELETION_MESSAGES.usernameMismatch })
    .max(64, ACCOUNT_DELETION_MESSAGES.usernameMismatch),
  /** Required when the account has a password (a Google-only account has none). */
  password: PasswordField.optional(),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;

/** What the settings page shows about the account. */
export const AccountSettingsReplySchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  /** False for an account that signs in with Google only: it has no password to change yet. */
  hasPassword: z.boolean(),
  /** An address waiting for its confirmation link, if any. */
  pendingEmail: z.string().nullable(),
});
export type AccountSettingsReply = z.infer<typeof AccountSettingsReplySchema>;

export const ConfirmEmailQuerySchema = z.object({ token: z.string().max(200).optional() });

/** Where the mailed email-change link returns: /settings?email=changed|expired|taken|error. */
export const EMAIL_CHANGE_RESULTS = ['changed', 'expired', 'taken', 'error'] as const;
export type EmailChangeResult = (typeof EMAIL_CHANGE_RESULTS)[number];

/** What the browser may know about sign-in: the captcha provider and whether Google is on. */
export const AuthConfigReplySchema = z.object({
  captcha: z.object({
    provider: z.enum(['altcha', 'turnstile', 'hcaptcha', 'recaptcha']),
    siteKey: z.string().nullable(),
  }),
  google: z.object({ enabled: z.boolean(), clientId: z.string().nullable() }),
});
export type AuthConfigReply = z.infer<typeof AuthConfigReplySchema>;

/** ALTCHA v2 challenge as altcha-lib creates it and the widget reads it. */
export const AltchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/** The verification return: /login?verification=success|expired|error[&token&username&email]. */
const _VerificationResultSchema = z.enum(['success', 'expired', 'error']);

/** Messages the server sends that the UI matches on (SPEC.md §8). */
export const ACCOUNT_MESSAGES = {
  loginOk: 'Login successful',
  invalidCredentials: 'Invalid email, username or password',
  verificationRequired: 'Email verification required. Please check your inbox.',
  captchaMissing: 'Please complete the security verification',
  captchaFailed: 'Security verification failed. Please complete the CAPTCHA and try again.',
  registered: 'Registration successful! Please check your email to verify your account.',
  verificationSent: 'Verification email sent! Please check your inbox and spam folder.',
  resetSent: 'If that email belongs to an account, a password reset link has been sent.',
  resetTokenValid: 'Reset link is valid',
  resetTokenInvalid: 'Invalid or expired reset link',
  resetDone: 'Password reset successful! You can now sign in with your new password.',
  loggedOut: 'Logged out',
  googleFailed: 'Google sign-in failed',
  googleNotVerified: 'Your Google account email is not verified',
  googleDisabled: 'Google sign-in is not enabled',
  googleWelcome: 'Welcome to the Community!',
  googleSignedIn: 'Signed in with Google',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  passwordSame: 'Your new password must be different from your current one',
  passwordWrong: 'Your current password is not correct',
  passwordNeededForEmail: 'Enter your current password to change your email address',
  noPassword: 'Your account signs in with Google and has no password yet. Use Forgot Password to set one.',
  emailSame: 'That is already your email address',
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email address changes once you follow it.`,
  emailChangeMailFailed: 'The confirmation email could not be sent. Please try again.',
} as const;
