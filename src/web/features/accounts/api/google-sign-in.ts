import { type GoogleBody, GoogleReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/auth/google with the ID token (credential) from Google Identity Services' button. */
export const googleSignIn = (body: GoogleBody) =>
  apiFetch('/api/auth/google', { method: 'POST', body, schema: GoogleReplySchema, token: null });
