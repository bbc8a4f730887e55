import { PublicProfileReplySchema } from '#shared/schemas/explore.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/users/:username: a member's public profile.

const getProfile = (username: string, signal?: AbortSignal) =>
  apiFetch(`/api/users/${encodeURIComponent(username)}`, { schema: PublicProfileReplySchema, signal });

const profileQuery = (username: string) =>
  queryOptions({ queryKey: ['profile', username], queryFn: ({ signal }) => getProfile(username, signal) });

export const useProfile = (username: string) => useQuery(profileQuery(username));
