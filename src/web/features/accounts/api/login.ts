import { type LoginBody, SessionReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/auth/login with the captcha answer; 403 means the email is not verified yet. */
export const login = (body: LoginBody) =>
  apiFetch('/api/auth/login', { method: 'POST', body, schema: SessionReplySchema, token: null });
