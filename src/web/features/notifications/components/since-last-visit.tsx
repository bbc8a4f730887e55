import { newActivityPhrase } from '#shared/rules/activity.ts';
import { countOf } from '#shared/rules/numbers.ts';
import type { ActivityReply } from '#shared/schemas/notifications.ts';
import { useId, useState } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { CommentIcon, ThumbUpIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useActivity } from '../api/get-activity';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const excerpt = (text: string, max = 120) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

function summary(a: ActivityReply): string {
  if (a.likes + a.comments === 0) {
    return a.firstVisit
      ? 'New likes and comments on your predictions will show here.'
      : `Nothing new since ${a.since ? when(a.since) : 'then'}: no new likes or comments on your predictions.`;
  }
  const what = `${newActivityPhrase(a.likes, a.comments)} on your predictions`;
  return a.since ? `${what} since ${when(a.since)}.` : `${what}.`;
}

/**
 * What happened on the member's predictions since their last visit: one line, always the same
 * height while it loads (nothing below it moves), with the details one click away.
 */
export function SinceLastVisit() {
  const activity = useActivity();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const a = activity.data;
  const hasDetails = Boolean(a && a.likes + a.comments > 0);
  return (
    <Card as="section" aria-labelledby="since-title" padding="md">
      <h2 id="since-title" className="text-base font-semibold text-ink-900">
        {a?.firstVisit ? 'Since you joined' : 'Since your last visit'}
      </h2>
      <div aria-live="polite" className="mt-1 min-h-10 text-sm text-ink-700 sm:min-h-5">
        {activity.isPending ? (
          <span className="inline-flex items-center gap-2 text-ink-500">
            <Spinner size="sm" label={null} /> Checking for new likes and comments…
          </span>
        ) : activity.isError || !a ? (
          <span className="text-ink-500">New likes and comments could not be checked just now.</span>
        ) : (
          <p>
            {summary(a)}{' '}
            {hasDetails ? (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((o) => !o)}
                className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {open ? 'Hide details' : "Show what's new"}
              </button>
            ) : null}
          </p>
        )}
      </div>
      {a && open ? (
        <div id={detailsId} className="mt-4 grid gap-6 border-t border-ink-100 pt-4 md:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-ink-900">On your predictions</h3>
            <ul className="mt-2 space-y-2 text-sm">
              {a.predictions.map((p) => (
                <li key={p.id} className="rounded-lg bg-ink-50 p-3">
                  <p dir="auto" className="text-ink-800">
                    “{excerpt(p.text)}”
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-4 text-ink-600">
                    <span className="inline-flex items-center gap-1">
                      <ThumbUpIcon className="size-4" />
                      {countOf(p.likes, 'new like')}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <CommentIcon className="size-4" />
                      {countOf(p.comments, 'new comment')}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          </div>
          {a.latestComments.length ? (
            <div>
              <h3 className="text-sm font-semibold text-ink-900">Latest comments</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {a.latestComments.map((c) => (
                  <li key={c.id} className="rounded-lg p-3 ring-1 ring-ink-200">
                    <p className="text-xs text-ink-500">
                      <bdi className="font-semibold text-ink-700">{c.username}</bdi> ·{' '}
                      <time dateTime={c.created_at}>{when(c.created_at)}</time>
                    </p>
                    <p dir="auto" className="mt-1 break-words text-ink-800">
                      {c.text}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
