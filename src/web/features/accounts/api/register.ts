import { type RegisterBody, RegisterReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/auth/register: replies requiresVerification (no token) for a new password account. */
export const register = (body: RegisterBody) =>
  apiFetch('/api/auth/register', { method: 'POST', body, schema: RegisterReplySchema, token: null });
