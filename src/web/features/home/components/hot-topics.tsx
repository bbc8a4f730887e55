import type { CommunityTopic } from '#shared/schemas/community.ts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { SparklesIcon, UsersIcon } from '#web/components/ui/icons.tsx';
import { isSignedOut } from '#web/lib/api-client.ts';
import { useCommunityTopics } from '#web/features/home/api/get-community-topics.ts';
import { useInteractions } from '#web/features/home/api/get-interactions.ts';
import { useNewsTopics } from '#web/features/home/api/get-news-topics.ts';
import { useVotePrediction, type VoteKind } from '#web/features/home/api/vote-prediction.ts';
import { writeHotTopicsCache } from '#web/features/home/lib/hot-topics-cache.ts';
import { CONTROLS_HEIGHT, Carousel } from './carousel';
import { CommunityCard } from './community-card';
import { NewspaperIcon } from './icons';
import { NewsCard } from './news-card';

const LoginRequiredModal = lazy(() => import('./login-required-modal'));

/** SPEC.md §9: community 4 s / 5 s / 8 s; news 6 s / 8 s / 10 s. */
export const COMMUNITY_TIMINGS = { intervalMs: 4_000, resumeAfterArrowMs: 5_000, resumeAfterDotMs: 8_000 };
export const NEWS_TIMINGS = { intervalMs: 6_000, resumeAfterArrowMs: 8_000, resumeAfterDotMs: 10_000 };

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

/** Card plus the carousel's control row: the loaded carousel takes exactly this space. */
function SkeletonCard() {
  return (
    <div>
      <SkeletonBody />
      <div className={CONTROLS_HEIGHT} />
    </div>
  );
}

function SkeletonBody() {
  return (
    <div className="h-[23rem] rounded-card bg-white p-5 ring-1 ring-ink-200/70" aria-hidden="true">
      <div className="h-5 w-24 rounded-full bg-ink-100 motion-safe:animate-pulse" />
      <div className="mt-4 h-5 w-3/4 rounded bg-ink-100 motion-safe:animate-pulse" />
      <div className="mt-3 h-4 w-full rounded bg-ink-100 motion-safe:animate-pulse" />
      <div className="mt-2 h-4 w-5/6 rounded bg-ink-100 motion-safe:animate-pulse" />
      <div className="mt-2 h-4 w-2/3 rounded bg-ink-100 motion-safe:animate-pulse" />
    </div>
  );
}

function Box({
  title,
  icon,
  subtitle,
  children,
  busy,
}: {
  title: string;
  icon: React.ReactNode;
  subtitle: string;
  children: React.ReactNode;
  busy: boolean;
}) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <div
      className="flex min-w-0 flex-col rounded-3xl bg-ink-50/80 p-4 ring-1 ring-ink-200/70 sm:p-5"
      aria-busy={busy || undefined}
    >
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-white text-brand-600 ring-1 ring-ink-200">
          {icon}
        </span>
        <div>
          <h3 id={id} className="text-lg font-semibold text-ink-900">
            {title}
          </h3>
          <p className="text-xs text-ink-500">{subtitle}</p>
        </div>
      </div>
      {children}
    </div>
  );
}

/** `value`, except that its first arrival is rendered as a transition (useDeferredValue). */
function useFirstArrivalDeferred<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}

export function HotTopics({ userId }: { userId: number | null }) {
  const queryClient = useQueryClient();
  const community = useCommunityTopics();
  const news = useNewsTopics();
  // The carousels take their first data in a transition: rendered in slices, not one long task on
  // arrival. Later changes (a vote's counts) show at once, in the same render as the pressed button.
  const communityData = useFirstArrivalDeferred(community.data);
  const newsData = useFirstArrivalDeferred(news.data);
  const topics = communityData ?? [];
  const ids = useMemo(() => topics.map((t) => t.id).filter((id) => id > 0), [topics]);
  const interactions = useInteractions(userId, ids);
  const vote = useVotePrediction();
  const [pending, setPending] = useState<Record<number, VoteKind | null>>({});
  const [errors, setErrors] = useState<Record<number, { kind: VoteKind; error: unknown } | null>>({});
  const [openComments, setOpenComments] = useState<number | null>(null);
  const [commentFocus, setCommentFocus] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginRequested, setLoginRequested] = useState(false);

  // Write the 30-minute cache after each fresh load (decision 008: the spec only reads it).
  useEffect(() => {
    if (community.isSuccess && community.isFetchedAfterMount)
      writeHotTopicsCache({ community: community.data });
  }, [community.isSuccess, community.isFetchedAfterMount, community.data]);
  useEffect(() => {
    if (news.isSuccess && news.isFetchedAfterMount) writeHotTopicsCache({ news: news.data });
  }, [news.isSuccess, news.isFetchedAfterMount, news.data]);

  const askToLogin = () => {
    setLoginRequested(true);
    setLoginOpen(true);
  };

  const onVote = (id: number, kind: VoteKind) => {
    if (userId === null) return askToLogin();
    setPending((p) => ({ ...p, [id]: kind }));
    setErrors((e) => ({ ...e, [id]: null }));
    vote.mutate(
      { id, kind },
      {
        onError: (error) => {
          // An expired or revoked session: the guest path.
          if (isSignedOut(error)) askToLogin();
          else setErrors((e) => ({ ...e, [id]: { kind, error } }));
        },
        onSettled: () => setPending((p) => ({ ...p, [id]: null })),
      },
    );
  };

  const communityFailed = community.isError && !community.data;
  const shownTopics = communityFailed ? EXAMPLES : topics;
  const newsFailed = news.isError && !news.data;

  return (
    <section aria-labelledby="hot-topics-title" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 sm:pt-14">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="hot-topics-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            Hot Topics
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            What the community expects, and the news it is reacting to.
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-5 lg:grid-cols-2">
        <Box
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
                <p className="mb-20 sm:mb-12 grid h-[23rem] place-items-center rounded-card bg-white p-6 text-center text-sm text-ink-500 ring-1 ring-ink-200/70">
                  No community predictions yet. Be the first to share one!
                </p>
              ) : (
                <Carousel
                  label="Community Predictions"
                  itemName="prediction"
                  {...COMMUNITY_TIMINGS}
                  hold={openComments !== null || commentFocus}
                  slides={shownTopics.map((t) => (
                    <CommunityCard
                      key={t.id}
                      topic={t}
                      example={communityFailed}
                      action={interactions.data?.[String(t.id)]}
                      pendingVote={pending[t.id] ?? null}
                      voteError={errors[t.id] ?? null}
                      commentsOpen={openComments === t.id}
                      onVote={(kind) => onVote(t.id, kind)}
                      onToggleComments={() => {
                        if (userId === null) return askToLogin();
                        setOpenComments((o) => (o === t.id ? null : t.id));
                        setCommentFocus(false);
                      }}
                      onCommentFocus={setCommentFocus}
                      onSignInNeeded={askToLogin}
                    />
                  ))}
                />
              )}
            </>
          )}
        </Box>
        <Box
          title="AI News Analysis"
          subtitle="Stories clustered from many sources and summarised"
          icon={<NewspaperIcon className="size-5" />}
          busy={news.isFetching}
        >
          {newsData === undefined && !newsFailed ? (
            <SkeletonCard />
          ) : newsFailed ? (
            <div className="mb-20 sm:mb-12 grid h-[23rem] place-items-center rounded-card bg-white p-6 text-center ring-1 ring-ink-200/70">
              <div role="alert">
                <p className="font-semibold text-ink-900">Unable to load hot topics</p>
                <Button
                  className="mt-4"
                  variant="secondary"
                  onClick={() => {
                    void queryClient.refetchQueries({ queryKey: ['hot-topics'] });
                  }}
                >
                  Try Again
                </Button>
              </div>
            </div>
          ) : newsData === undefined || newsData.length === 0 ? (
            <p className="mb-20 sm:mb-12 grid h-[23rem] place-items-center rounded-card bg-white p-6 text-center text-sm text-ink-500 ring-1 ring-ink-200/70">
              <span>
                <SparklesIcon className="mx-auto mb-2 size-6 text-brand-500" />
                No news stories yet: the first refresh is on its way.
              </span>
            </p>
          ) : (
            <Carousel
              label="AI News Analysis"
              itemName="story"
              {...NEWS_TIMINGS}
              slides={newsData.map((t) => <NewsCard key={t.id} topic={t} />)}
            />
          )}
        </Box>
      </div>
      {loginRequested ? (
        <Suspense fallback={null}>
          <LoginRequiredModal open={loginOpen} onOpenChange={setLoginOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
