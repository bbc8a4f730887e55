import { type RegisterBody, RegisterReplySchema } from '#shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/register: replies requiresVerification (no token) for a new password account. */
export const register = (body: RegisterBody) =>
  apiFetch('/api/auth/register', { method: 'POST', body, schema: RegisterReplySchema, token: null });
