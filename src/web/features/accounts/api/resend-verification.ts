import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const resendVerification = (email: string) =>
  apiFetch('/api/auth/resend-verification', {
    method: 'POST',
    body: { email },
    schema: MessageReplySchema,
    token: null,
  });
