import { MessageReplySchema } from '#shared/schemas/accounts.ts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/resolution-reminders/opt-out: the mailed link's token, no session needed. */
const optOutReminders = (token: string) =>
  apiFetch('/api/resolution-reminders/opt-out', {
    method: 'POST',
    body: { token },
    schema: MessageReplySchema,
  });

export const useOptOutReminders = () => useMutation({ mutationFn: optOutReminders });
