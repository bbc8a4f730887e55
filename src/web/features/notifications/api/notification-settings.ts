import { NotificationSettingsReplySchema, type NotificationSettings } from '#shared/schemas/notifications.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET and PUT /api/account/notifications: the opt-in daily digest.

const key = ['notifications', 'settings'] as const;

const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/account/notifications', { schema: NotificationSettingsReplySchema, signal }),
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());

export function useSetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiFetch('/api/account/notifications', {
        method: 'PUT',
        body,
        schema: NotificationSettingsReplySchema,
      }),
    onSuccess: (reply) => queryClient.setQueryData(key, reply),
  });
}
