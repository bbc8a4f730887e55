import { COMMENT_MAX_LENGTH } from '#shared/rules/community.ts';
import { useId, useState } from 'react';
import { isSignedOut } from '#web/lib/api-client.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';
import { CommentFormFooter } from './comment-form-footer';
import { relativeTime } from '#web/lib/relative-time.ts';

// SPEC.md §4 'Comments' and §5 'Comment': loads once when first opened; posting clears the box,
// refetches the list and updates the count; 'Posting...' while sending; 500 characters at most.
// Loaded when a member first opens a panel: guests never can, so the home page does not ship it.

export default function CommentPanel({
  predictionId,
  id,
  onFocusChange,
  onSignInNeeded,
}: {
  predictionId: number;
  id: string;
  onFocusChange: (focused: boolean) => void;
  onSignInNeeded: () => void;
}) {
  const comments = useComments(predictionId, true);
  const post = usePostComment(predictionId);
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  const trimmed = text.trim();
  const disabled = trimmed === '' || post.isPending;

  return (
    <div id={id} className="mt-4 border-t border-ink-200 pt-4">
      <h4 className="sr-only">Comments</h4>
      {comments.isPending ? (
        <p className="flex items-center gap-2 text-sm text-ink-500">
          <Spinner size="sm" label={null} /> Loading comments…
        </p>
      ) : comments.isError ? (
        <p className="text-sm text-red-700" role="alert">
          Unable to load comments.
        </p>
      ) : comments.data.comments.length === 0 ? (
        <p className="text-sm text-ink-500">No comments yet. Start the conversation.</p>
      ) : (
        <ul className="max-h-48 space-y-3 overflow-y-auto pr-1" aria-label="Comments">
          {comments.data.comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-ink-50 px-3 py-2 text-sm">
              <p className="flex items-baseline justify-between gap-2 text-xs text-ink-500">
                <bdi className="font-semibold text-ink-700">{c.username}</bdi>
                <time dateTime={c.created_at}>{relativeTime(c.created_at)}</time>
              </p>
              <p dir="auto" className="mt-1 break-words text-ink-800">
                {c.comment_text}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (disabled) return;
          post.mutate(trimmed, {
            onSuccess: () => setText(''),
            // An ended session is the guest path, as for votes: the Login Required modal.
            onError: (error) => {
              if (isSignedOut(error)) onSignInNeeded();
            },
          });
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Add a comment
        </label>
        <textarea
          id={inputId}
          aria-describedby={counterId}
          dir="auto"
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          rows={2}
          placeholder="Add a comment…"
          onChange={(e) => setText(e.target.value)}
          onFocus={() => onFocusChange(true)}
          onBlur={() => onFocusChange(false)}
          className="block w-full resize-none rounded-lg border-0 px-3 py-2 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 focus:ring-2 focus:ring-brand-600"
        />
        <CommentFormFooter length={text.length} counterId={counterId} disabled={disabled} post={post} />
      </form>
    </div>
  );
}
