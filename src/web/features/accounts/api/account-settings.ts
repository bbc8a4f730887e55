import {
  AccountSettingsReplySchema,
  type ChangeEmailBody,
  ChangeEmailReplySchema,
  type ChangePasswordBody,
  MessageReplySchema,
} from '#shared/schemas/accounts.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// The settings page's account calls (docs/decisions/013-account-self-service.md).

const key = ['accounts', 'settings'] as const;

const accountSettingsQueryOptions = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/account/settings', { schema: AccountSettingsReplySchema, signal }),
  });

/** `enabled`: false for a guest, who has no account to ask about. */
export const useAccountSettings = (enabled = true) => useQuery({ ...accountSettingsQueryOptions(), enabled });

/** POST /api/account/password: needs the current password; signs out every other session. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiFetch('/api/account/password', { method: 'POST', body, schema: MessageReplySchema }),
  });

/** POST /api/account/email: mails a confirmation link to the new address. */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      apiFetch('/api/account/email', { method: 'POST', body, schema: ChangeEmailReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** GET /api/account/export, saved as a .json file (the call needs the bearer token: no plain link). */
export async function downloadAccountExport(username: string): Promise<void> {
  const data = await apiFetch<{ exported_at: string }>('/api/account/export', { timeoutMs: 60_000 });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `futurecast-${username}-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
