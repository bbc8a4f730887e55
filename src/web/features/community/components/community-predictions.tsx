import type { CommunityTopic } from '#shared/schemas/community.ts';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Carousel } from '#web/components/ui/carousel.tsx';
import { UsersIcon } from '#web/components/ui/icons.tsx';
import { CardPlaceholder, SkeletonCard, TopicBox } from '#web/components/ui/topic-box.tsx';
import { writeHotTopicsCache } from '#web/lib/hot-topics-cache.ts';
import { useFirstArrivalDeferred } from '#web/lib/use-first-arrival-deferred.ts';
import { useCommunityTopics } from '../api/get-community-topics';
import { useInteractions } from '../api/get-interactions';
import { CommunityCard } from './community-card';
import { useCardActions } from './use-card-actions';

/** SPEC.md §9: community 4 s, 5 s after an arrow, 8 s after a dot. */
const COMMUNITY_TIMINGS = { intervalMs: 4_000, resumeAfterArrowMs: 5_000, resumeAfterDotMs: 8_000 };

/** SPEC.md §8: shown when the community call fails, as examples of a good prediction. */
const EXAMPLES: CommunityTopic[] = [
  {
    title: 'Half of new cars sold in Europe will be electric by 2030',
    predictionText:
      'By 2030, battery-electric cars will make up more than 50% of new car registrations in the European Union.',
    category: 'Technology',
  },
  {
    title: 'Central banks will cut rates below 3% within two years',
    predictionText:
      'Within two years, the European Central Bank deposit rate will be below 3% for at least six months.',
    category: 'Economy',
  },
].map((e, i) => ({
  ...e,
  id: -1 - i,
  predictionId: -1 - i,
  aiAnalysis: 'A specific, measurable outcome with a clear time frame.',
  communityInsight: 'Example of a well-formed prediction.',
  aiGenerated: false,
  categories: [e.category],
  trend: 'stable',
  engagement: { likes: 0, dislikes: 0, comments: 0 },
  engagement_score: 0,
  hot_score: 0,
  comments: [],
  userReliability: null,
  reliabilityScore: null,
  qualityRank: i + 1,
  avgRating: null,
  username: 'Futurecast',
  user_id: 0,
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
  timestamp: new Date(0).toISOString(),
  tags: [e.category],
  keywords: [],
  isDemo: false,
}));

/** The Community Predictions box of Hot Topics: a carousel of cards with votes and comments. */
export function CommunityPredictions({ userId }: { userId: number | null }) {
  const community = useCommunityTopics();
  const communityData = useFirstArrivalDeferred(community.data);
  const topics = communityData ?? [];
  const ids = useMemo(() => topics.map((t) => t.id).filter((id) => id > 0), [topics]);
  const interactions = useInteractions(userId, ids);
  const actions = useCardActions(userId);
  const [openComments, setOpenComments] = useState<number | null>(null);
  const [commentFocus, setCommentFocus] = useState(false);

  // Write the 30-minute cache after each fresh load (decision 008: the spec only reads it).
  useEffect(() => {
    if (community.isSuccess && community.isFetchedAfterMount)
      writeHotTopicsCache({ community: community.data });
  }, [community.isSuccess, community.isFetchedAfterMount, community.data]);

  const communityFailed = community.isError && !community.data;
  const shownTopics = communityFailed ? EXAMPLES : topics;

  return (
    <TopicBox
      title="Community Predictions"
      subtitle="Ranked by engagement and freshness, quality-filtered"
      icon={<UsersIcon className="size-5" />}
      busy={community.isFetching}
    >
      {communityData === undefined && !communityFailed ? (
        <SkeletonCard />
      ) : (
        <>
          {communityFailed ? (
            <div className="mb-3 flex items-center justify-between gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              <span>Community predictions are unavailable right now. Two examples meanwhile.</span>
              <Button size="sm" variant="secondary" onClick={() => community.refetch()}>
                Try Again
              </Button>
            </div>
          ) : null}
          {shownTopics.length === 0 ? (
            <CardPlaceholder>No community predictions yet. Be the first to share one!</CardPlaceholder>
          ) : (
            <Carousel
              label="Community Predictions"
              itemName="prediction"
              {...COMMUNITY_TIMINGS}
              // Also while the Login Required dialog is open: closing it returns focus to the card's
              // control, which must still be on screen.
              hold={openComments !== null || commentFocus || actions.loginOpen}
              slides={shownTopics.map((t) => (
                <CommunityCard
                  key={t.id}
                  topic={t}
                  example={communityFailed}
                  action={interactions.data?.[String(t.id)]}
                  pendingVote={actions.pendingVote(t.id)}
                  voteError={actions.voteError(t.id)}
                  commentsOpen={openComments === t.id}
                  onVote={(kind) => actions.onVote(t.id, kind)}
                  onToggleComments={() => {
                    if (userId === null) return actions.askToLogin();
                    setOpenComments((o) => (o === t.id ? null : t.id));
                    setCommentFocus(false);
                  }}
                  onCommentFocus={setCommentFocus}
                  onSignInNeeded={actions.askToLogin}
                />
              ))}
            />
          )}
        </>
      )}
      {actions.loginModal}
    </TopicBox>
  );
}
