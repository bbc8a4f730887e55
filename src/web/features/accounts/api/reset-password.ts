import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

// The reset page's two calls (SPEC.md §7): check the link, then set the new password.

export const verifyResetToken = (token: string, signal?: AbortSignal) =>
  apiFetch('/api/verify-reset-token', {
    method: 'POST',
    body: { token },
    schema: MessageReplySchema,
    token: null,
    signal,
  });

export const resetPassword = (token: string, newPassword: string) =>
  apiFetch('/api/reset-password', {
    method: 'POST',
    body: { token, newPassword },
    schema: MessageReplySchema,
    token: null,
  });
