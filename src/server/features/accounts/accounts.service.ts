import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountSettingsReply, EmailChangeResult, User } from '#shared/schemas/accounts.ts';
import { ACCOUNT_DELETION_MESSAGES, ACCOUNT_MESSAGES as MSG } from '#shared/schemas/accounts.ts';
import { meetsResetRule, PASSWORD_MESSAGES } from '#shared/rules/password.ts';
import { usernameSuggestions } from '#shared/rules/username-suggestions.ts';
import { isValidEmail, isValidUsername, usernameKey, VALIDATION_MESSAGES } from '#shared/rules/validation.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  resetMail,
  verificationMail,
} from '#server/mail/templates.ts';
import type { Member, SessionManager } from '#server/plugins/auth.ts';
import {
  type Account,
  consumeEmailToken,
  emailExists,
  findAccountByEmail,
  findAccountByGoogleSub,
  findAccountById,
  findAccountByUsernameKey,
  findEmailToken,
  insertAccount,
  insertEmailToken,
  markEmailVerified,
  pendingEmailChange,
  retireEmailTokens,
  setEmail,
  setGoogleSub,
  setPasswordHash,
  type TokenPurpose,
  uniqueViolation,
  usernameHeld,
  usernameKeyExists,
} from './accounts.repository.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { createGoogleVerifier } from './google.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { hashEmailToken, newEmailToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from './tokens.ts';

export interface AccountsServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionManager;
  captcha: CaptchaVerifier;
  log: FastifyBaseLogger;
}

/**
 * Work for an account that must not show in the reply's timing (issuing and mailing a link): the
 * route runs it once the reply is sent, so the request does the same work whether the account
 * exists or not (docs/decisions/004, Enumeration).
 */
export type FollowUp = () => Promise<void>;

export type VerificationOutcome =
  | { result: 'success'; token: string; username: string }
  | { result: 'expired'; email: string }
  | { result: 'error' };

const toUser = (a: Account): User => ({
  id: a.id,
  username: a.username,
  email: a.email,
  created_at: a.createdAt,
  email_verified: a.emailVerifiedAt !== null,
  is_demo: a.isDemo,
});

const nowIso = () => new Date().toISOString();
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, config, mailer, sessions, captcha, log } = deps;
  const link = (path: string, token: string) =>
    `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  const { clientId } = config.google;
  const verifyGoogleToken = clientId
    ? createGoogleVerifier({ clientId, jwksUrl: config.google.jwksUrl, issuers: config.google.issuers })
    : undefined;

  const pendingWork = new Set<Promise<void>>();

  const settingsLink = `${config.publicUrl}/settings`;

  /** A new single-use link token; older unused ones of the same purpose stop working. */
  async function issueEmailToken(userId: number, purpose: TokenPurpose, newEmail?: string): Promise<string> {
    const { token, hash } = newEmailToken();
    await db.transaction().execute(async (trx) => {
      await retireEmailTokens(trx, userId, purpose, nowIso());
      await insertEmailToken(trx, {
        userId,
        purpose,
        tokenHash: hash,
        createdAt: nowIso(),
        expiresAt: later(purpose === 'reset' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS),
        newEmail: newEmail ?? null,
      });
    });
    return token;
  }

  /** The member's account, or a 401 when it no longer exists. */
  async function accountOf(member: Member): Promise<Account> {
    const account = await findAccountById(db, member.id);
    if (!account) throw unauthorized();
    return account;
  }

  async function findByLogin(login: string): Promise<Account | undefined> {
    const value = login.trim();
    if (value.includes('@')) return findAccountByEmail(db, value.toLowerCase());
    return isValidUsername(value) ? findAccountByUsernameKey(db, usernameKey(value)) : undefined;
  }

  async function newSession(account: Account, remember: boolean): Promise<string> {
    return (await sessions.issue(account, { remember })).token;
  }

  /** Taken by an account, or held for 30 days after its account was deleted. */
  async function usernameUnavailable(username: string): Promise<boolean> {
    const key = usernameKey(username);
    return (await usernameKeyExists(db, key)) || (await usernameHeld(db, key, new Date()));
  }

  /** A free username for a Google account, from its email's local part (SPEC.md §5 rules). */
  async function freeUsername(email: string): Promise<string> {
    for (const candidate of usernameSuggestions(email)) {
      if (!(await usernameUnavailable(candidate))) return candidate;
    }
    for (;;) {
      const candidate = `member_${randomInt(100_000, 999_999)}`;
      if (!(await usernameUnavailable(candidate))) return candidate;
    }
  }

  return {
    emailTaken: (email: string) => emailExists(db, email),
    /** The availability check says 'taken' for a held name too (docs/decisions/014-explore.md). */
    usernameTaken: usernameUnavailable,

    /** The per-account rate-limit key for a login: the account when it exists, else the name tried. */
    async loginLimitKey(login: string): Promise<string> {
      const account = await findByLogin(login);
      return account ? `account:${account.id}` : `login:${login.trim().toLowerCase()}`;
    },

    async register(input: { email: string; username: string; password: string }) {
      if (await emailExists(db, input.email)) throw conflict(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      if (await usernameKeyExists(db, usernameKey(input.username))) {
        throw conflict(VALIDATION_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
      }
      if (await usernameHeld(db, usernameKey(input.username), new Date())) {
        throw conflict(ACCOUNT_DELETION_MESSAGES.usernameHeld, 'USERNAME_HELD');
      }
      const passwordHash = await hashPassword(input.password);
      let account: Account;
      try {
        account = await insertAccount(db, {
          email: input.email,
          username: input.username,
          usernameKey: usernameKey(input.username),
          passwordHash,
          createdAt: nowIso(),
        });
      } catch (err) {
        // Two registrations racing for the same email or username: the database decides.
        const which = uniqueViolation(err);
        if (which === 'email') throw conflict(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');
        if (which === 'username') throw conflict(VALIDATION_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
        throw err;
      }
      const token = await issueEmailToken(account.id, 'verify');
      try {
        await mailer.send({
          to: account.email,
          ...verificationMail(account.username, link('/verify-email', token)),
        });
      } catch (err) {
        // The account exists; 'Resend Verification Email' recovers from a mail outage.
        log.error({ err: { message: (err as Error).message } }, 'could not send the verification mail');
      }
      return { user: toUser(account), email: account.email };
    },

    /** The login captcha: a 400 the UI recognises unless it is solved (and not replayed). */
    async checkCaptcha(answer: string | undefined, ip: string): Promise<void> {
      if (!answer) throw badRequest(MSG.captchaMissing, 'CAPTCHA_REQUIRED');
      const outcome = await captcha.verify(answer, ip);
      if (outcome === 'unavailable') {
        throw new AppError(
          503,
          'CAPTCHA_UNAVAILABLE',
          'Security verification is unavailable. Please try again later.',
        );
      }
      if (outcome !== 'ok') throw badRequest(MSG.captchaFailed, 'CAPTCHA_FAILED', { reason: outcome });
    },

    /** Checks the password (the route checked the captcha and the account's rate limit first). */
    async login(input: { login: string; password: string; remember: boolean }) {
      const account = await findByLogin(input.login);
      const ok = await checkPassword(account?.passwordHash, input.password);
      if (!account || !ok) throw unauthorized(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
      // Only after the right password: an unverified account is no secret to its owner.
      if (!account.emailVerifiedAt) {
        throw forbidden(MSG.verificationRequired, 'EMAIL_NOT_VERIFIED', {
          requiresVerification: true,
          email: account.email,
        });
      }
      return { token: await newSession(account, input.remember), user: toUser(account) };
    },

    async logout(member: Member): Promise<void> {
      await sessions.revoke(member.sessionId);
    },

    async currentUser(member: Member): Promise<User> {
      const account = await findAccountById(db, member.id);
      if (!account) throw unauthorized();
      return toUser(account);
    },

    async verifyEmail(token: string | undefined): Promise<VerificationOutcome> {
      if (!token) return { result: 'error' };
      const record = await findEmailToken(db, hashEmailToken(token), 'verify');
      if (!record || record.usedAt) return { result: 'error' };
      const account = await findAccountById(db, record.userId);
      if (!account) return { result: 'error' };
      if (record.expiresAt <= nowIso()) return { result: 'expired', email: account.email };
      if (!(await consumeEmailToken(db, record.id, nowIso()))) return { result: 'error' };
      await markEmailVerified(db, account.id, nowIso());
      return { result: 'success', token: await newSession(account, false), username: account.username };
    },

    /**
     * Same answer and the same work before it whatever the email (one lookup): only an existing,
     * unverified account gets a follow-up that mails a link, run after the reply.
     */
    async resendVerification(email: string): Promise<FollowUp | undefined> {
      const account = await findAccountByEmail(db, email);
      if (!account || account.emailVerifiedAt) return undefined;
      return async () => {
        const token = await issueEmailToken(account.id, 'verify');
        mailer.sendInBackground({
          to: account.email,
          ...verificationMail(account.username, link('/verify-email', token)),
        });
      };
    },

    /** Same status, message and work before the reply (one lookup) whether the email has an account. */
    async forgotPassword(email: string): Promise<FollowUp | undefined> {
      const account = await findAccountByEmail(db, email);
      if (!account) return undefined;
      return async () => {
        const token = await issueEmailToken(account.id, 'reset');
        mailer.sendInBackground({
          to: account.email,
          ...resetMail(account.username, link('/reset-password', token)),
        });
      };
    },

    /** Runs a follow-up once its reply has been sent; a failure is logged (the reply is gone). */
    runFollowUp(followUp: FollowUp): void {
      const work = followUp()
        .catch((err: unknown) =>
          log.error({ err: { message: (err as Error).message } }, 'account mail work failed'),
        )
        .finally(() => pendingWork.delete(work));
      pendingWork.add(work);
    },

    /** Resolves once the follow-ups started so far have finished (shutdown, tests). */
    async flush(): Promise<void> {
      while (pendingWork.size > 0) await Promise.allSettled([...pendingWork]);
    },

    async checkResetToken(token: string): Promise<void> {
      const record = await findEmailToken(db, hashEmailToken(token), 'reset');
      if (!record || record.usedAt || record.expiresAt <= nowIso()) {
        throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
      }
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      if (!meetsResetRule(newPassword)) throw badRequest(PASSWORD_MESSAGES.resetInvalid, 'WEAK_PASSWORD');
      const record = await findEmailToken(db, hashEmailToken(token), 'reset');
      if (!record || record.usedAt || record.expiresAt <= nowIso()) {
        throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
      }
      // Before the link is spent, so the same link takes a different password.
      const current = await findAccountById(db, record.userId);
      if (current?.passwordHash && (await checkPassword(current.passwordHash, newPassword))) {
        throw badRequest(MSG.passwordSame, 'SAME_PASSWORD');
      }
      const passwordHash = await hashPassword(newPassword);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await consumeEmailToken(trx, record.id, nowIso()))) return false;
        await setPasswordHash(trx, record.userId, passwordHash);
        // The link proved the mailbox is theirs.
        await markEmailVerified(trx, record.userId, nowIso());
        await retireEmailTokens(trx, record.userId, 'reset', nowIso());
        return true;
      });
      if (!done) throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
      // Whoever knew the old password is signed out everywhere.
      await sessions.revokeAll(record.userId);
    },

    // ── Settings (/settings) ──

    async settings(member: Member): Promise<AccountSettingsReply> {
      const account = await accountOf(member);
      return {
        success: true,
        user: toUser(account),
        hasPassword: account.passwordHash !== null,
        pendingEmail: await pendingEmailChange(db, account.id, nowIso()),
      };
    },

    /**
     * Needs the current password; refuses it as the new one. Every other session of the member ends
     * (this one stays), and so do pending reset and email-change links: whoever had them no longer can.
     */
    async changePassword(member: Member, currentPassword: string, newPassword: string): Promise<void> {
      const account = await accountOf(member);
      if (!account.passwordHash) throw badRequest(MSG.noPassword, 'NO_PASSWORD');
      if (!meetsResetRule(newPassword)) throw badRequest(PASSWORD_MESSAGES.resetInvalid, 'WEAK_PASSWORD');
      if (!(await checkPassword(account.passwordHash, currentPassword))) {
        throw badRequest(MSG.passwordWrong, 'WRONG_PASSWORD');
      }
      // The current password was just verified, so "the same" is plain equality.
      if (newPassword === currentPassword) throw badRequest(MSG.passwordSame, 'SAME_PASSWORD');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, account.id, passwordHash);
        await retireEmailTokens(trx, account.id, 'reset', nowIso());
        await retireEmailTokens(trx, account.id, 'email_change', nowIso());
      });
      await sessions.revokeOthers(account.id, member.sessionId);
      mailer.sendInBackground({ to: account.email, ...passwordChangedMail(account.username, settingsLink) });
    },

    /**
     * Mails a confirmation link to the new address (the change waits for it) and tells the current
     * address. A password account confirms with its password: a borrowed session alone can't move
     * the account's mail (and with it the password reset) elsewhere.
     */
    async requestEmailChange(member: Member, email: string, password: string | undefined) {
      const account = await accountOf(member);
      if (account.passwordHash) {
        if (!password) throw badRequest(MSG.passwordNeededForEmail, 'PASSWORD_REQUIRED');
        if (!(await checkPassword(account.passwordHash, password))) {
          throw badRequest(MSG.passwordWrong, 'WRONG_PASSWORD');
        }
      }
      if (email === account.email) throw badRequest(MSG.emailSame, 'SAME_EMAIL');
      if (await emailExists(db, email)) throw conflict(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      const token = await issueEmailToken(account.id, 'email_change', email);
      try {
        await mailer.send({
          to: email,
          ...emailChangeConfirmMail(account.username, email, link('/confirm-email', token)),
        });
      } catch (err) {
        log.error({ err: { message: (err as Error).message } }, 'could not send the email-change mail');
        await retireEmailTokens(db, account.id, 'email_change', nowIso());
        throw new AppError(502, 'MAIL_FAILED', MSG.emailChangeMailFailed);
      }
      mailer.sendInBackground({
        to: account.email,
        ...emailChangeRequestedMail(account.username, email, settingsLink),
      });
      return { pendingEmail: email };
    },

    /** Follows the mailed link: the new address takes effect, and the previous one is told. */
    async confirmEmailChange(token: string | undefined): Promise<EmailChangeResult> {
      if (!token) return 'error';
      const record = await findEmailToken(db, hashEmailToken(token), 'email_change');
      if (!record || record.usedAt || !record.newEmail) return 'error';
      if (record.expiresAt <= nowIso()) return 'expired';
      const account = await findAccountById(db, record.userId);
      if (!account) return 'error';
      const newEmail = record.newEmail;
      let result: EmailChangeResult;
      try {
        result = await db.transaction().execute(async (trx) => {
          if (!(await consumeEmailToken(trx, record.id, nowIso()))) return 'error' as const;
          if (await emailExists(trx, newEmail)) return 'taken' as const;
          await setEmail(trx, account.id, newEmail, nowIso());
          return 'changed' as const;
        });
      } catch (err) {
        // Another account took the address between the check and the update: the database decides.
        if (uniqueViolation(err) === 'email') return 'taken';
        throw err;
      }
      if (result === 'changed') {
        mailer.sendInBackground({
          to: account.email,
          ...emailChangedMail(account.username, newEmail, settingsLink, config.site.contactEmail),
        });
      }
      return result;
    },

    /**
     * Signs in with a Google ID token. Only a token issued to our client id, by Google, unexpired,
     * for a verified email reaches the account lookup, so only such a token can sign in to (or be
     * linked with) an existing account.
     */
    async google(idToken: string, remember: boolean) {
      if (!verifyGoogleToken) throw new AppError(404, 'GOOGLE_DISABLED', MSG.googleDisabled);
      const lookup = await verifyGoogleToken(idToken);
      if (!lookup.ok) {
        if (lookup.reason === 'unreachable') throw new AppError(502, 'GOOGLE_UNREACHABLE', MSG.googleFailed);
        throw unauthorized(MSG.googleFailed, 'GOOGLE_REJECTED');
      }
      const { profile } = lookup;
      if (!profile.emailVerified) throw forbidden(MSG.googleNotVerified, 'GOOGLE_EMAIL_UNVERIFIED');
      if (!isValidEmail(profile.email)) throw unauthorized(MSG.googleFailed, 'GOOGLE_REJECTED');

      let account = await findAccountByGoogleSub(db, profile.sub);
      let isNewUser = false;
      if (!account) {
        const byEmail = await findAccountByEmail(db, profile.email);
        if (byEmail) {
          await db.transaction().execute(async (trx) => {
            await setGoogleSub(trx, byEmail.id, profile.sub);
            if (!byEmail.emailVerifiedAt) {
              // Whoever set a password on this never-verified account did not prove the
              // mailbox; Google just did. Drop that password and its sessions.
              await setPasswordHash(trx, byEmail.id, null);
              await markEmailVerified(trx, byEmail.id, nowIso());
            }
          });
          if (!byEmail.emailVerifiedAt) await sessions.revokeAll(byEmail.id);
          account = (await findAccountById(db, byEmail.id)) as Account;
        } else {
          const username = await freeUsername(profile.email);
          try {
            account = await insertAccount(db, {
              email: profile.email,
              username,
              usernameKey: usernameKey(username),
              passwordHash: null,
              googleSub: profile.sub,
              emailVerifiedAt: nowIso(),
              createdAt: nowIso(),
            });
          } catch (err) {
            if (uniqueViolation(err)) throw conflict('Please try again', 'CONFLICT');
            throw err;
          }
          isNewUser = true;
        }
      }
      return {
        token: await newSession(account, remember),
        user: toUser(account),
        isNewUser,
        message: isNewUser ? MSG.googleWelcome : MSG.googleSignedIn,
      };
    },
  };
}
