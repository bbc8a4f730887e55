import { COMMENT_MAX_LENGTH } from '#shared/rules/community.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SendIcon } from '#web/components/ui/page-icons.tsx';
import { isSignedOut } from '#web/lib/api-client.ts';
import { commentErrorMessage, type usePostComment } from '../api/post-comment';

/** Under a comment box: the character count (the box's description), Post Comment and its error. */
export function CommentFormFooter({
  length,
  counterId,
  disabled,
  post,
}: {
  length: number;
  counterId: string;
  disabled: boolean;
  post: ReturnType<typeof usePostComment>;
}) {
  return (
    <>
      <div className="mt-2 flex items-center justify-between gap-2">
        <span id={counterId} className="text-xs text-ink-600">
          {length}/{COMMENT_MAX_LENGTH}
        </span>
        <Button type="submit" size="sm" disabled={disabled} loading={post.isPending} loadingText="Posting...">
          <SendIcon className="size-4" />
          Post Comment
        </Button>
      </div>
      {post.isError && !isSignedOut(post.error) ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {commentErrorMessage(post.error)}
        </p>
      ) : null}
    </>
  );
}
