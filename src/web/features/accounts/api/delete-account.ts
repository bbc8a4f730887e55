import type { DeleteAccountBody } from '#shared/schemas/accounts.ts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * DELETE /api/account: the typed username confirms, the password (when the account has one) proves
 * it is the owner. Any 2xx means the account is gone, so the reply is not parsed: a reply that fails
 * a schema must not tell the member their deleted account still exists.
 */
const deleteAccount = (body: DeleteAccountBody) =>
  apiFetch<unknown>('/api/account', { method: 'DELETE', body, timeoutMs: 60_000 });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
