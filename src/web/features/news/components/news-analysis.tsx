import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Carousel } from '#web/components/ui/carousel.tsx';
import { NewspaperIcon, SparklesIcon } from '#web/components/ui/icons.tsx';
import { CardPlaceholder, SkeletonCard, TopicBox } from '#web/components/ui/topic-box.tsx';
import { writeHotTopicsCache } from '#web/lib/hot-topics-cache.ts';
import { useFirstArrivalDeferred } from '#web/lib/use-first-arrival-deferred.ts';
import { useNewsTopics } from '../api/get-news-topics';
import { NewsCard } from './news-card';

/** SPEC.md §9: news 6 s, 8 s after an arrow, 10 s after a dot. */
const NEWS_TIMINGS = { intervalMs: 6_000, resumeAfterArrowMs: 8_000, resumeAfterDotMs: 10_000 };

/** The AI News Analysis box of Hot Topics: clustered, summarised stories in a carousel. */
export function NewsAnalysis() {
  const queryClient = useQueryClient();
  const news = useNewsTopics();
  const newsData = useFirstArrivalDeferred(news.data);

  useEffect(() => {
    if (news.isSuccess && news.isFetchedAfterMount) writeHotTopicsCache({ news: news.data });
  }, [news.isSuccess, news.isFetchedAfterMount, news.data]);

  const newsFailed = news.isError && !news.data;
  return (
    <TopicBox
      title="AI News Analysis"
      subtitle="Stories clustered from many sources and summarised"
      icon={<NewspaperIcon className="size-5" />}
      busy={news.isFetching}
    >
      {newsData === undefined && !newsFailed ? (
        <SkeletonCard />
      ) : newsFailed ? (
        <CardPlaceholder>
          <div role="alert">
            <p className="text-base font-semibold text-ink-900">Unable to load hot topics</p>
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
        </CardPlaceholder>
      ) : newsData === undefined || newsData.length === 0 ? (
        <CardPlaceholder>
          <span>
            <SparklesIcon className="mx-auto mb-2 size-6 text-brand-500" />
            No news stories yet: the first refresh is on its way.
          </span>
        </CardPlaceholder>
      ) : (
        <Carousel
          label="AI News Analysis"
          itemName="story"
          itemNamePlural="stories"
          {...NEWS_TIMINGS}
          slides={newsData.map((t) => <NewsCard key={t.id} topic={t} />)}
        />
      )}
    </TopicBox>
  );
}
