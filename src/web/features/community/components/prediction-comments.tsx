import { COMMENT_MAX_LENGTH } from '#shared/rules/community.ts';
import type { Comment } from '#shared/schemas/community.ts';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TrashIcon } from '#web/components/ui/page-icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, isSignedOut } from '#web/lib/api-client.ts';
import { relativeTime } from '#web/lib/relative-time.ts';
import { useDeleteComment } from '../api/delete-comment';
import { oldestFirst, useCommentPages } from '../api/get-comment-pages';
import { usePostComment } from '../api/post-comment';
import { CommentFormFooter } from './comment-form-footer';
import { longDate } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';

function CommentItem({
  comment: c,
  mine,
  onDelete,
}: {
  comment: Comment;
  mine: boolean;
  onDelete: () => void;
}) {
  return (
    <li
      tabIndex={-1}
      data-comment-id={c.id}
      className="rounded-xl bg-white px-4 py-3 ring-1 ring-ink-200/70 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink-600">
        <Link
          to={`/u/${encodeURIComponent(c.username)}`}
          className="font-semibold text-ink-800 hover:underline"
        >
          <bdi>{c.username}</bdi>
        </Link>
        <time dateTime={c.created_at} title={longDate(c.created_at)}>
          {relativeTime(c.created_at)}
        </time>
        {mine ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto -my-1 text-red-700 hover:bg-red-50 hover:text-red-800"
            aria-haspopup="dialog"
            onClick={onDelete}
          >
            <TrashIcon className="size-4" />
            Delete comment
          </Button>
        ) : null}
      </p>
      <p dir="auto" className="mt-1 text-base leading-relaxed break-words whitespace-pre-line text-ink-900">
        {c.comment_text}
      </p>
    </li>
  );
}

function CommentForm({
  predictionId,
  signedIn,
  onSignInNeeded,
  onPosted,
}: {
  predictionId: number;
  signedIn: boolean;
  onSignInNeeded: () => void;
  onPosted: () => void;
}) {
  const post = usePostComment(predictionId);
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  const trimmed = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || post.isPending) return;
    // SPEC.md §5 'Authentication needed': a guest is asked to sign in, the text stays.
    if (!signedIn) return onSignInNeeded();
    post.mutate(trimmed, {
      onSuccess: () => {
        setText('');
        onPosted();
      },
      onError: (error) => {
        if (isSignedOut(error)) onSignInNeeded();
      },
    });
  };

  return (
    <form onSubmit={submit} className="rounded-card bg-white p-4 ring-1 ring-ink-200/70 sm:p-5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink-900">
        Add a comment
      </label>
      <textarea
        id={inputId}
        dir="auto"
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        aria-describedby={counterId}
        onChange={(e) => setText(e.target.value)}
        className="mt-2 block w-full resize-y rounded-lg border-0 px-3 py-2 text-base text-ink-900 ring-1 ring-ink-300 ring-inset placeholder:text-ink-500 focus:ring-2 focus:ring-brand-600"
        placeholder="What do you think will happen?"
      />
      <CommentFormFooter
        length={text.length}
        counterId={counterId}
        disabled={trimmed === '' || post.isPending}
        post={post}
      />
    </form>
  );
}

/**
 * A prediction's conversation: the latest 20 comments, 'Show earlier comments' for 20 more at a time
 * (placed above, oldest first), the form, and Delete on one's own. Guests read; writing asks them to
 * sign in.
 */
export function PredictionComments({
  predictionId,
  count,
  userId,
  onSignInNeeded,
}: {
  predictionId: number;
  /** The prediction's count, until the first page says. */
  count: number;
  userId: number | null;
  onSignInNeeded: () => void;
}) {
  const pages = useCommentPages(predictionId);
  const comments = useMemo(() => oldestFirst(pages.data?.pages ?? []), [pages.data]);
  const total = pages.data?.pages[0]?.comments_count ?? count;
  const remove = useDeleteComment(predictionId);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  /** Set by 'Show earlier comments': the comment that was first before, to find the new ones above it. */
  const firstBefore = useRef<number | null>(null);

  useEffect(() => {
    const before = firstBefore.current;
    if (before === null || comments[0]?.id === before) return;
    firstBefore.current = null;
    const added = comments.findIndex((c) => c.id === before);
    listRef.current?.querySelector<HTMLElement>('li')?.focus();
    if (added > 0) setStatus(`${added} earlier comment${added === 1 ? '' : 's'} shown.`);
  }, [comments]);

  const deleteError =
    remove.error instanceof ApiError
      ? remove.error.message
      : remove.error
        ? 'Failed to delete comment'
        : null;

  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <h2
        id="comments-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-ink-900 focus:outline-none"
      >
        Comments <span className="font-normal text-ink-600">({total})</span>
      </h2>
      {pages.isPending ? (
        <p className="flex items-center gap-2 text-sm text-ink-600">
          <Spinner size="sm" label={null} /> Loading comments…
        </p>
      ) : pages.isError && comments.length === 0 ? (
        <Alert
          variant="error"
          title="Unable to load comments"
          actions={
            <Button size="sm" variant="secondary" onClick={() => void pages.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <>
          {pages.hasNextPage ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                loading={pages.isFetchingNextPage}
                loadingText="Loading earlier comments..."
                onClick={() => {
                  firstBefore.current = comments[0]?.id ?? null;
                  void pages.fetchNextPage();
                }}
              >
                Show earlier comments
              </Button>
              {pages.isFetchNextPageError ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  Unable to load earlier comments. Please try again.
                </p>
              ) : null}
            </div>
          ) : null}
          {comments.length === 0 ? (
            <p className="text-sm text-ink-600">No comments yet. Start the conversation.</p>
          ) : (
            <ol ref={listRef} aria-label="Comments" className="flex flex-col gap-3">
              {comments.map((c) => (
                <CommentItem
                  key={c.id}
                  comment={c}
                  mine={userId !== null && c.user_id === userId}
                  onDelete={() => {
                    remove.reset();
                    setToDelete(c.id);
                  }}
                />
              ))}
            </ol>
          )}
        </>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
      <CommentForm
        predictionId={predictionId}
        signedIn={userId !== null}
        onSignInNeeded={onSignInNeeded}
        onPosted={() => setStatus('Comment posted.')}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this comment?"
        description="It is removed for everyone. This can't be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => {
          if (toDelete === null) return;
          remove.mutate(toDelete, {
            onSuccess: () => {
              setToDelete(null);
              setStatus('Comment deleted.');
              // Its Delete button went with it: focus goes to the conversation's heading.
              setTimeout(() => headingRef.current?.focus(), 0);
            },
          });
        }}
      />
    </section>
  );
}
