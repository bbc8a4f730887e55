import { type GoogleBody, GoogleReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/auth/google with the access token from Google Identity Services. */
export const googleSignIn = (body: GoogleBody) =>
  apiFetch('/api/auth/google', { method: 'POST', body, schema: GoogleReplySchema, token: null });
