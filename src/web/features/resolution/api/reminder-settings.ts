import { ReminderSettingsReplySchema } from '#shared/schemas/resolution.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET and PUT /api/account/resolution-reminders: a mail when a prediction falls due (on by default).

const key = ['resolution', 'reminders'] as const;

const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/account/resolution-reminders', { schema: ReminderSettingsReplySchema, signal }),
  });

export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

export function useSetReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminders: boolean) =>
      apiFetch('/api/account/resolution-reminders', {
        method: 'PUT',
        body: { reminders },
        schema: ReminderSettingsReplySchema,
      }),
    onSuccess: (reply) => queryClient.setQueryData(key, reply),
  });
}
