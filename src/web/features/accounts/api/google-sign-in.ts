import { type GoogleBody, GoogleReplySchema } from '#shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/google with the access token from Google Identity Services. */
export const googleSignIn = (body: GoogleBody) =>
  apiFetch('/api/auth/google', { method: 'POST', body, schema: GoogleReplySchema, token: null });
