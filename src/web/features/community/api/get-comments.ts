import type { CommentsReply } from '#shared/schemas/community.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

// GET /api/predictions/{id}/comments: public.

export const commentsKey = (id: number) => ['comments', id] as const;

const getComments = (id: number, signal?: AbortSignal) =>
  apiFetch<CommentsReply>(`/api/predictions/${id}/comments`, { signal });

const commentsQuery = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: commentsKey(id),
    queryFn: ({ signal }) => getComments(id, signal),
    enabled,
    // Loaded once when the panel first opens; posting refetches it.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useComments = (id: number, enabled: boolean) => useQuery(commentsQuery(id, enabled));
