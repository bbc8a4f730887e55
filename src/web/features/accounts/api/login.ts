import { type LoginBody, SessionReplySchema } from '#shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/login with the captcha answer; 403 means the email is not verified yet. */
export const login = (body: LoginBody) =>
  apiFetch('/api/auth/login', { method: 'POST', body, schema: SessionReplySchema, token: null });
