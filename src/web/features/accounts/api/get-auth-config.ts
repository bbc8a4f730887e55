import { AuthConfigReplySchema } from '#shared/schemas/accounts.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** Which captcha the server uses and whether Google sign-in is on. */
const getAuthConfig = () => apiFetch('/api/auth/config', { schema: AuthConfigReplySchema, token: null });

const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'config'],
    queryFn: getAuthConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthConfig = () => useQuery(authConfigQueryOptions());
