import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const forgotPassword = (email: string) =>
  apiFetch('/api/forgot-password', {
    method: 'POST',
    body: { email },
    schema: MessageReplySchema,
    token: null,
  });
