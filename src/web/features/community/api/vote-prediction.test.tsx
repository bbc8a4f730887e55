// @vitest-environment jsdom
import type { CommunityTopic } from '#shared/schemas/community.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { communityTopicsKey } from './cache-updates';
import { useVotePrediction } from './vote-prediction';

afterEach(() => vi.unstubAllGlobals());

it("a vote updates the card's counts and its insight line, so 'No votes yet' never sits beside a like", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, likes_count: 1, dislikes_count: 0, user_action: 'liked' }),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    ),
  );
  const client = new QueryClient();
  const topic = {
    id: 5,
    engagement: { likes: 0, dislikes: 0, comments: 0 },
    communityInsight: 'No votes yet: be the first to weigh in.',
  } as CommunityTopic;
  client.setQueryData(communityTopicsKey, [topic]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useVotePrediction(), { wrapper });
  await act(() => result.current(5, 'like'));
  const [updated] = client.getQueryData<CommunityTopic[]>(communityTopicsKey) ?? [];
  expect(updated?.engagement).toEqual({ likes: 1, dislikes: 0, comments: 0 });
  expect(updated?.communityInsight).toBe('100% of 1 voter agrees, 0 comments.');
});
