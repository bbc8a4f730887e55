import type { Comment } from '#shared/schemas/community.ts';
import { type CommentsPageReply, CommentsPageReplySchema } from '#shared/schemas/explore.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { commentPagesKey } from './cache-updates';

// GET /api/predictions/:id/comments?cursor=: the latest 20 first; each next page is 20 earlier ones.

const getCommentPage = (id: number, cursor: string | null, signal?: AbortSignal) =>
  apiFetch(`/api/predictions/${id}/comments`, {
    schema: CommentsPageReplySchema,
    query: { cursor: cursor ?? undefined },
    signal,
  });

const commentPagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: commentPagesKey(id),
    queryFn: ({ pageParam, signal }) => getCommentPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCommentPages = (id: number) => useInfiniteQuery(commentPagesQuery(id));

/** The loaded pages as one conversation, oldest first (each page is oldest first within itself). */
export function oldestFirst(pages: readonly CommentsPageReply[]): Comment[] {
  const byId = new Map<number, Comment>();
  for (const page of [...pages].reverse())
    for (const c of page.comments) if (!byId.has(c.id)) byId.set(c.id, c);
  return [...byId.values()];
}
