import { MessageReplySchema } from '#shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';

export const resendVerification = (email: string) =>
  apiFetch('/api/auth/resend-verification', {
    method: 'POST',
    body: { email },
    schema: MessageReplySchema,
    token: null,
  });
