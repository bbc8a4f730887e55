import { communityInsight } from '#shared/rules/community.ts';
import type { CommunityTopic } from '#shared/schemas/community.ts';
import type { ExploreListReply, PredictionDetailReply } from '#shared/schemas/explore.ts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

// One prediction can be in the cache several times over: a Hot Topics card, a page of the explore
// list or of a profile, its own page. A vote, a comment or a deletion updates every copy, so the
// counts agree wherever the member looks next. Type-only imports: no Zod on the home page.

/** The Hot Topics carousel's community predictions. */
export const communityTopicsKey = ['hot-topics', 'community'] as const;
/** The community list and the profiles' lists (the filters and start cursor follow). */
export const explorePredictionsKey = ['explore'] as const;
/** One prediction's page (the member it was read as follows: ownership depends on it). */
export const predictionKey = (id: number) => ['prediction', id] as const;
/** The pages of one prediction's comments, latest first. */
export const commentPagesKey = (id: number) => ['comment-pages', id] as const;

type Engagement = CommunityTopic['engagement'];

function withEngagement<T extends CommunityTopic>(topic: T, change: Partial<Engagement>): T {
  const engagement = { ...topic.engagement, ...change };
  return { ...topic, engagement, communityInsight: communityInsight(engagement) };
}

/** `map` keeps each topic's own type: explore's carry their resolution, Hot Topics' do not. */
function mapListed(queryClient: QueryClient, map: <T extends CommunityTopic>(topics: T[]) => T[]): void {
  queryClient.setQueryData<CommunityTopic[]>(communityTopicsKey, (topics) => topics && map(topics));
  queryClient.setQueriesData<InfiniteData<ExploreListReply>>({ queryKey: explorePredictionsKey }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, predictions: map(page.predictions) })) }
      : data,
  );
}

/** New counts for prediction `id`, wherever it is cached. */
export function updateEngagement(queryClient: QueryClient, id: number, change: Partial<Engagement>): void {
  mapListed(queryClient, (topics) => topics.map((t) => (t.id === id ? withEngagement(t, change) : t)));
  queryClient.setQueriesData<PredictionDetailReply>({ queryKey: predictionKey(id) }, (data) =>
    data ? { ...data, prediction: withEngagement(data.prediction, change) } : data,
  );
}

/** Prediction `id` is gone: out of every list. */
export function forgetPrediction(queryClient: QueryClient, id: number): void {
  mapListed(queryClient, (topics) => topics.filter((t) => t.id !== id));
}
