import { MessageReplySchema } from '#shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';

export const forgotPassword = (email: string) =>
  apiFetch('/api/forgot-password', {
    method: 'POST',
    body: { email },
    schema: MessageReplySchema,
    token: null,
  });
