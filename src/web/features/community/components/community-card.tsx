import type { CommunityTopic } from '#shared/schemas/community.ts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { type VoteKind, voteErrorMessage } from '../api/vote-prediction';
import { relativeTime } from '#web/lib/relative-time.ts';
import { cardText } from '../lib/card-text';
import { CommentIcon } from '#web/components/ui/icons.tsx';
import { VoteButtons } from './vote-buttons';

const CommentPanel = lazy(() => import('./comment-panel'));

export interface CommunityCardProps {
  topic: CommunityTopic;
  /** 'carousel': one fixed height for every slide; 'list': as tall as its row of a list. */
  layout?: 'carousel' | 'list';
  /** 'Example' cards (shown when the community feed fails) have no controls. */
  example?: boolean;
  action: 'liked' | 'disliked' | undefined;
  pendingVote: VoteKind | null;
  voteError: { kind: VoteKind; error: unknown } | null;
  commentsOpen: boolean;
  onVote: (kind: VoteKind) => void;
  onToggleComments: () => void;
  onCommentFocus: (focused: boolean) => void;
  /** The session ended while commenting: the guest path (the Login Required modal). */
  onSignInNeeded: () => void;
}

const control =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition disabled:cursor-not-allowed disabled:opacity-60';

export function CommunityCard({
  topic,
  layout = 'carousel',
  example = false,
  action,
  pendingVote,
  voteError,
  commentsOpen,
  onVote,
  onToggleComments,
  onCommentFocus,
  onSignInNeeded,
}: CommunityCardProps) {
  const [panelId] = useState(() => `comments-${topic.id}`);
  const { likes, dislikes, comments } = topic.engagement;
  const { heading, body } = cardText(topic.title, topic.predictionText);
  return (
    <article
      className={cn(
        'flex flex-col overflow-hidden rounded-card bg-white p-5 ring-1 ring-ink-200/70 shadow-card',
        // A fixed height until the reader opens the comments: loading never shifts the page.
        layout === 'list' ? 'h-full' : commentsOpen ? 'min-h-[23rem]' : 'h-[23rem]',
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        {/* A list filtered by category shows each card's every category: the primary one may be another. */}
        {(layout === 'list' && topic.categories.length > 0 ? topic.categories : [topic.category]).map((c) => (
          <Badge key={c} variant="brand">
            {c}
          </Badge>
        ))}
        {topic.trend !== 'stable' ? (
          <Badge variant="warning">{topic.trend === 'hot' ? 'Hot' : 'Rising'}</Badge>
        ) : null}
        {topic.isDemo ? <Badge>Demo</Badge> : null}
        {example ? <Badge>Example</Badge> : null}
        {topic.reliabilityScore !== null ? (
          <span className="ml-auto text-xs font-semibold text-emerald-700">
            {topic.reliabilityScore}% quality
          </span>
        ) : null}
      </div>
      <h3
        dir="auto"
        className={cn('mt-3 text-base font-semibold text-ink-900', body ? 'line-clamp-2' : 'line-clamp-6')}
      >
        {/* The examples have no page of their own. */}
        {example ? (
          heading
        ) : (
          <Link to={`/p/${topic.id}`} className="rounded hover:text-brand-700 hover:underline">
            {heading}
          </Link>
        )}
      </h3>
      {body ? (
        <p dir="auto" className="mt-2 line-clamp-4 text-sm leading-relaxed text-ink-700">
          {body}
        </p>
      ) : null}
      <p className="mt-3 line-clamp-2 text-xs text-ink-500">{topic.aiAnalysis}</p>
      <p className="mt-auto pt-3 text-xs text-ink-500">
        by{' '}
        {example ? (
          <bdi className="font-semibold text-ink-700">{topic.username}</bdi>
        ) : (
          <Link
            to={`/u/${encodeURIComponent(topic.username)}`}
            className="font-semibold text-ink-700 hover:underline"
          >
            <bdi>{topic.username}</bdi>
          </Link>
        )}{' '}
        · <time dateTime={topic.created_at}>{relativeTime(topic.created_at)}</time> · {topic.communityInsight}
      </p>
      {example ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <VoteButtons
            likes={likes}
            dislikes={dislikes}
            action={action}
            disabled={pendingVote !== null}
            onVote={onVote}
            className={control}
          />
          <button
            type="button"
            className={cn(
              control,
              commentsOpen
                ? 'bg-brand-50 text-brand-800 ring-brand-200'
                : 'bg-white text-ink-700 ring-ink-200 hover:bg-ink-50',
            )}
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? panelId : undefined}
            aria-label={`Comments (${comments})`}
            onClick={onToggleComments}
          >
            <CommentIcon className="size-4" />
            <span aria-hidden="true">{comments}</span>
          </button>
        </div>
      )}
      {voteError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {voteErrorMessage(voteError.error, voteError.kind)}
        </p>
      ) : null}
      {commentsOpen ? (
        <Suspense
          fallback={
            <p className="mt-4 flex items-center gap-2 border-t border-ink-200 pt-4 text-sm text-ink-500">
              <Spinner size="sm" label={null} /> Loading comments…
            </p>
          }
        >
          <CommentPanel
            predictionId={topic.id}
            id={panelId}
            onFocusChange={onCommentFocus}
            onSignInNeeded={onSignInNeeded}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
