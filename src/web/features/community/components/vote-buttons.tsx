import type { VoteKind } from '../api/vote-prediction';
import { ThumbDownIcon, ThumbUpIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';

const IDLE = 'bg-white text-ink-700 ring-ink-200 hover:bg-ink-50';

/** Like and Dislike, each pressed when it is the member's vote; `className` sizes both. */
export function VoteButtons({
  likes,
  dislikes,
  action,
  disabled,
  onVote,
  className,
}: {
  likes: number;
  dislikes: number;
  action: 'liked' | 'disliked' | undefined;
  disabled: boolean;
  onVote: (kind: VoteKind) => void;
  className: string;
}) {
  return (
    <>
      <button
        type="button"
        className={cn(
          className,
          action === 'liked' ? 'bg-emerald-50 text-emerald-800 ring-emerald-300' : IDLE,
        )}
        aria-pressed={action === 'liked'}
        aria-label={`Like (${likes})`}
        disabled={disabled}
        onClick={() => onVote('like')}
      >
        <ThumbUpIcon className="size-4" />
        <span aria-hidden="true">{likes}</span>
      </button>
      <button
        type="button"
        className={cn(className, action === 'disliked' ? 'bg-red-50 text-red-800 ring-red-300' : IDLE)}
        aria-pressed={action === 'disliked'}
        aria-label={`Dislike (${dislikes})`}
        disabled={disabled}
        onClick={() => onVote('dislike')}
      >
        <ThumbDownIcon className="size-4" />
        <span aria-hidden="true">{dislikes}</span>
      </button>
    </>
  );
}
