import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/digest/unsubscribe: the mailed link's token, no session. */
export const unsubscribeFromDigest = (token: string) =>
  apiFetch('/api/digest/unsubscribe', {
    method: 'POST',
    body: { token },
    token: null,
    schema: MessageReplySchema,
  });
