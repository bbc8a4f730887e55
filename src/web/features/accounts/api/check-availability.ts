import { ExistsReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

// POST /api/auth/check-email and /api/auth/check-username: { exists } (SPEC.md §7).

export const checkEmail = (email: string, signal?: AbortSignal) =>
  apiFetch('/api/auth/check-email', {
    method: 'POST',
    body: { email },
    schema: ExistsReplySchema,
    token: null,
    signal,
  });

export const checkUsername = (username: string, signal?: AbortSignal) =>
  apiFetch('/api/auth/check-username', {
    method: 'POST',
    body: { username },
    schema: ExistsReplySchema,
    token: null,
    signal,
  });
