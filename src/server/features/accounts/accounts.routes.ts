import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountSettingsReplySchema,
  ACCOUNT_MESSAGES as MSG,
  AltchaChallengeSchema,
  ChangeEmailBodySchema,
  ChangeEmailReplySchema,
  ChangePasswordBodySchema,
  ConfirmEmailQuerySchema,
  AuthConfigReplySchema,
  CheckEmailBodySchema,
  CheckUsernameBodySchema,
  EmailBodySchema,
  ExistsReplySchema,
  GoogleBodySchema,
  GoogleReplySchema,
  LoginBodySchema,
  MessageReplySchema,
  RegisterBodySchema,
  RegisterReplySchema,
  ResetPasswordBodySchema,
  SessionReplySchema,
  UserReplySchema,
  VerifyEmailQuerySchema,
  VerifyResetTokenBodySchema,
} from '#shared/schemas/accounts.ts';
import { ErrorReplySchema } from '#shared/schemas/common.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/connect.ts';
import { notFound } from '#server/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { requireMember } from '#server/plugins/auth.ts';
import { createAccountsService, type FollowUp } from './accounts.service.ts';
import { createCaptcha } from './captcha.ts';
import { ACCOUNT_LIMITS as L, keyedLimiter, perIp } from './limits.ts';

export interface AccountsRoutesDeps {
  config: Config;
  database: Database;
  /** The app's one mailer (SMTP, or the outbox). */
  mailer: Mailer;
  /** Replaces the captcha provider's siteverify URL (tests run a local one). */
  captchaSiteverifyUrl?: string | undefined;
}

const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 429: ErrorReplySchema };

export const accountsRoutes =
  ({ config, database, mailer, captchaSiteverifyUrl }: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const captcha = createCaptcha({ config, db: database.db, siteverifyUrl: captchaSiteverifyUrl });
    const accounts = createAccountsService({
      db: database.db,
      config,
      mailer,
      captcha,
      sessions: app.sessions,
      log: app.log,
    });
    // Work that must not delay (or time) a reply runs once it has been sent.
    const followUps = new WeakMap<FastifyRequest, FollowUp>();
    app.addHook('onResponse', (request, _reply, done) => {
      const followUp = followUps.get(request);
      if (followUp) accounts.runFollowUp(followUp);
      done();
    });
    app.addHook('onClose', async () => {
      await accounts.flush();
      await mailer.close();
    });
    const loginPerAccount = keyedLimiter(app, 'login-account', L.loginPerAccount);
    const forgotPerEmail = keyedLimiter(app, 'forgot-email', L.forgotPerEmail);
    const resendPerEmail = keyedLimiter(app, 'resend-email', L.resendPerEmail);
    const changesPerMember = keyedLimiter(app, 'account-change', L.accountChangePerMember);
    const tags = ['accounts'];
    // Every account reply may carry a token or the member's own details: never stored by a cache.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });

    app.get(
      '/api/auth/config',
      { schema: { tags, summary: 'Public sign-in settings', response: { 200: AuthConfigReplySchema } } },
      async () => ({
        captcha: { provider: config.captcha.provider, siteKey: config.captcha.siteKey ?? null },
        google: { enabled: Boolean(config.google.clientId), clientId: config.google.clientId ?? null },
      }),
    );

    app.get(
      '/api/captcha/challenge',
      {
        config: perIp(L.captchaPerIp, 'captcha'),
        schema: {
          tags,
          summary: 'A fresh ALTCHA proof-of-work challenge',
          response: { 200: AltchaChallengeSchema },
        },
      },
      async () => {
        if (config.captcha.provider !== 'altcha') throw notFound('This server does not use ALTCHA');
        const challenge = await captcha.challenge();
        return { ...challenge, parameters: { ...challenge.parameters } };
      },
    );

    app.post(
      '/api/auth/check-email',
      {
        config: perIp(L.checkPerIp, 'check-email'),
        schema: { tags, body: CheckEmailBodySchema, response: { 200: ExistsReplySchema, ...errors } },
      },
      async (request) => ({ success: true as const, exists: await accounts.emailTaken(request.body.email) }),
    );

    app.post(
      '/api/auth/check-username',
      {
        config: perIp(L.checkPerIp, 'check-username'),
        schema: { tags, body: CheckUsernameBodySchema, response: { 200: ExistsReplySchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        exists: await accounts.usernameTaken(request.body.username),
      }),
    );

    app.post(
      '/api/auth/register',
      {
        config: perIp(L.registerPerIp, 'register'),
        schema: {
          tags,
          body: RegisterBodySchema,
          response: { 201: RegisterReplySchema, ...errors, 409: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const { user, email } = await accounts.register(request.body);
        return reply.status(201).send({
          success: true,
          message: MSG.registered,
          requiresVerification: true,
          email,
          user,
        });
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: perIp(L.loginPerIp, 'login'),
        schema: { tags, body: LoginBodySchema, response: { 200: SessionReplySchema, ...errors } },
      },
      async (request, reply) => {
        const { email, username, password, captcha: answer, remember } = request.body;
        const login = (email || username) ?? '';
        // Captcha first, so every attempt counted against an account cost its sender the work.
        await accounts.checkCaptcha(answer, request.ip);
        await loginPerAccount(request, reply, await accounts.loginLimitKey(login));
        const session = await accounts.login({ login, password, remember: remember ?? false });
        return {
          success: true as const,
          message: MSG.loginOk,
          requiresVerification: false as const,
          ...session,
        };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          response: { 200: MessageReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request) => {
        await accounts.logout(await requireMember(request));
        return { success: true as const, message: MSG.loggedOut };
      },
    );

    app.get(
      '/api/user',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          response: { 200: UserReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request) => ({
        success: true as const,
        user: await accounts.currentUser(await requireMember(request)),
      }),
    );

    app.get(
      '/api/auth/verify-email',
      {
        config: perIp(L.tokenPerIp, 'verify-email'),
        schema: {
          tags,
          summary: 'Follows the mailed link; redirects to /login with verification=success|expired|error',
          querystring: VerifyEmailQuerySchema,
        },
      },
      async (request, reply) => {
        const outcome = await accounts.verifyEmail(request.query.token);
        const query = new URLSearchParams({ verification: outcome.result });
        if (outcome.result === 'success') {
          query.set('token', outcome.token);
          query.set('username', outcome.username);
        } else if (outcome.result === 'expired') {
          query.set('email', outcome.email);
        }
        return reply.redirect(`/login?${query}`, 302);
      },
    );

    app.post(
      '/api/auth/resend-verification',
      {
        config: perIp(L.resendPerIp, 'resend'),
        schema: { tags, body: EmailBodySchema, response: { 200: MessageReplySchema, ...errors } },
      },
      async (request, reply) => {
        await resendPerEmail(request, reply, request.body.email);
        const followUp = await accounts.resendVerification(request.body.email);
        if (followUp) followUps.set(request, followUp);
        return { success: true as const, message: MSG.verificationSent };
      },
    );

    app.post(
      '/api/forgot-password',
      {
        config: perIp(L.forgotPerIp, 'forgot'),
        schema: { tags, body: EmailBodySchema, response: { 200: MessageReplySchema, ...errors } },
      },
      async (request, reply) => {
        await forgotPerEmail(request, reply, request.body.email);
        const followUp = await accounts.forgotPassword(request.body.email);
        if (followUp) followUps.set(request, followUp);
        return { success: true as const, message: MSG.resetSent };
      },
    );

    app.post(
      '/api/verify-reset-token',
      {
        config: perIp(L.tokenPerIp, 'reset-token'),
        schema: { tags, body: VerifyResetTokenBodySchema, response: { 200: MessageReplySchema, ...errors } },
      },
      async (request) => {
        await accounts.checkResetToken(request.body.token);
        return { success: true as const, message: MSG.resetTokenValid };
      },
    );

    app.post(
      '/api/reset-password',
      {
        config: perIp(L.tokenPerIp, 'reset-password'),
        schema: { tags, body: ResetPasswordBodySchema, response: { 200: MessageReplySchema, ...errors } },
      },
      async (request) => {
        await accounts.resetPassword(request.body.token, request.body.newPassword);
        return { success: true as const, message: MSG.resetDone };
      },
    );

    app.post(
      '/api/auth/google',
      {
        config: perIp(L.loginPerIp, 'google'),
        schema: {
          tags,
          body: GoogleBodySchema,
          response: { 200: GoogleReplySchema, ...errors, 404: ErrorReplySchema, 502: ErrorReplySchema },
        },
      },
      async (request) => {
        const { credential, id_token, access_token, remember } = request.body;
        const idToken = credential ?? id_token ?? access_token ?? '';
        const result = await accounts.google(idToken, remember ?? false);
        return { success: true as const, ...result };
      },
    );

    // ── Settings (docs/decisions/013-account-self-service.md) ──

    app.get(
      '/api/account/settings',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: "The signed-in member's account as the settings page shows it",
          response: { 200: AccountSettingsReplySchema, 401: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const settings = await accounts.settings(await requireMember(request));
        reply.header('cache-control', 'no-store');
        return settings;
      },
    );

    app.post(
      '/api/account/password',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Changes the password (needs the current one); signs out every other session',
          body: ChangePasswordBodySchema,
          response: { 200: MessageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        await changesPerMember(request, reply, `member:${member.id}`);
        await accounts.changePassword(member, request.body.currentPassword, request.body.newPassword);
        return { success: true as const, message: MSG.passwordChanged };
      },
    );

    app.post(
      '/api/account/email',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Mails a confirmation link to a new address; the change waits for it',
          body: ChangeEmailBodySchema,
          response: { 200: ChangeEmailReplySchema, ...errors, 409: ErrorReplySchema, 502: ErrorReplySchema },
        },
      },
      async (request, reply) => {
        const member = await requireMember(request);
        await changesPerMember(request, reply, `member:${member.id}`);
        const { pendingEmail } = await accounts.requestEmailChange(
          member,
          request.body.email,
          request.body.password,
        );
        return { success: true as const, message: MSG.emailChangeSent(pendingEmail), pendingEmail };
      },
    );

    app.get(
      '/api/account/confirm-email',
      {
        config: perIp(L.tokenPerIp, 'confirm-email'),
        schema: {
          tags,
          summary:
            'Follows the mailed email-change link; redirects to /settings?email=changed|expired|taken|error',
          querystring: ConfirmEmailQuerySchema,
        },
      },
      async (request, reply) => {
        const result = await accounts.confirmEmailChange(request.query.token);
        reply.header('cache-control', 'no-store');
        return reply.redirect(`/settings?email=${result}`, 302);
      },
    );
  };
