import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { countOf } from '#shared/rules/numbers.ts';
import { useInteractions } from '../api/get-interactions';
import { type PredictionFilters, usePredictions } from '../api/get-predictions';
import { CommunityCard } from './community-card';
import { useCardActions } from './use-card-actions';

/** A plain left click: anything else (a new tab, a download) is left to the browser and the link. */
const isPlainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && !e.defaultPrevented;

function FeedSkeleton() {
  return (
    <div aria-busy="true">
      <Spinner label="Loading predictions..." className="sr-only" />
      <ul className="grid gap-4 md:grid-cols-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-64 rounded-card bg-white p-5 ring-1 ring-ink-200/70">
            <div className="h-5 w-24 rounded-full bg-ink-100 motion-safe:animate-pulse" />
            <div className="mt-4 h-5 w-3/4 rounded bg-ink-100 motion-safe:animate-pulse" />
            <div className="mt-3 h-4 w-full rounded bg-ink-100 motion-safe:animate-pulse" />
            <div className="mt-2 h-4 w-5/6 rounded bg-ink-100 motion-safe:animate-pulse" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface PredictionFeedProps {
  filters: PredictionFilters;
  /** Where the list starts (a 'Load more' link opened on its own); null: the first page. */
  startCursor: string | null;
  /** The address of the page that starts at `cursor`: what 'Load more' links to. */
  pageHref: (cursor: string | null) => string;
  /** Names the list for assistive technology. */
  label: string;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  userId: number | null;
}

/**
 * Community predictions as a list of the Hot Topics cards. 'Load more' is a real link to the next
 * page's address (it works in a new tab, or shared); a plain click appends that page here instead and
 * moves focus to the first new prediction.
 */
export function PredictionFeed({
  filters,
  startCursor,
  pageHref,
  label,
  empty,
  userId,
}: PredictionFeedProps) {
  const list = usePredictions(filters, startCursor);
  const topics = useMemo(() => list.data?.pages.flatMap((p) => p.predictions) ?? [], [list.data]);
  const ids = useMemo(() => topics.map((t) => t.id), [topics]);
  const interactions = useInteractions(userId, ids);
  const actions = useCardActions(userId);
  const [openComments, setOpenComments] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  /** Set by a 'Load more' click: the index of the first prediction it will add. */
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || topics.length <= from) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector<HTMLElement>('h3 a')?.focus();
    setAnnouncement(`${countOf(topics.length - from, 'more prediction')} shown, ${topics.length} in all.`);
  }, [topics.length]);

  if (list.isPending) return <FeedSkeleton />;

  if (list.isError && topics.length === 0) {
    const badCursor = list.error instanceof ApiError && list.error.status === 400 && startCursor !== null;
    return (
      <Alert
        variant="error"
        title={badCursor ? list.error.message : 'Unable to load predictions'}
        actions={
          badCursor ? (
            <Link to={pageHref(null)} className="font-semibold underline">
              Go to the first page
            </Link>
          ) : (
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              Try Again
            </button>
          )
        }
      >
        {badCursor ? null : 'Check your connection and try again.'}
      </Alert>
    );
  }

  if (topics.length === 0) return <>{empty}</>;

  const nextCursor = list.data?.pages.at(-1)?.nextCursor ?? null;
  const loadMore = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (list.isFetchingNextPage) return;
    focusFrom.current = topics.length;
    void list.fetchNextPage();
  };

  return (
    <div>
      <ul ref={listRef} aria-label={label} className="grid gap-4 md:grid-cols-2">
        {topics.map((t) => (
          <li key={t.id}>
            <CommunityCard
              layout="list"
              topic={t}
              action={interactions.data?.[String(t.id)]}
              pendingVote={actions.pendingVote(t.id)}
              voteError={actions.voteError(t.id)}
              commentsOpen={openComments === t.id}
              onVote={(kind) => actions.onVote(t.id, kind)}
              onToggleComments={() => {
                if (userId === null) return actions.askToLogin();
                setOpenComments((o) => (o === t.id ? null : t.id));
              }}
              onCommentFocus={() => undefined}
              onSignInNeeded={actions.askToLogin}
            />
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {list.isFetchNextPageError ? (
        <Alert
          variant="error"
          className="mt-4"
          title="Unable to load more predictions"
          actions={
            <Button size="sm" variant="secondary" onClick={() => void list.fetchNextPage()}>
              Try Again
            </Button>
          }
        />
      ) : null}
      {nextCursor ? (
        <div className="mt-6 flex justify-center">
          <Link
            to={pageHref(nextCursor)}
            onClick={loadMore}
            aria-disabled={list.isFetchingNextPage || undefined}
            className={buttonClasses({ variant: 'secondary', className: 'min-w-40' })}
          >
            {list.isFetchingNextPage ? <Spinner size="sm" label={null} /> : null}
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Link>
        </div>
      ) : (
        <p className="mt-6 text-center text-sm text-ink-600">That's all of them.</p>
      )}
      {actions.loginModal}
    </div>
  );
}
