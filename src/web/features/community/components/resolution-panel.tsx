import type { PredictionDetail } from '#shared/schemas/explore.ts';
import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useVoteOnResolution } from '../api/vote-resolution';

/** The author's Resolve action, composed in by the app (the resolution feature owns the dialog). */
export type ResolveAction = (prediction: MemberPrediction) => ReactNode;

const day = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
  });

const OUTCOME_TEXT = { yes: 'came true', no: "didn't come true", ambiguous: 'ambiguous' } as const;

/** Only an https link is shown as one (the server accepts no other). */
const safeHttps = (url: string | null) => (url && /^https:\/\//i.test(url) ? url : null);

function StatusBadge({ resolution: r }: { resolution: PredictionDetail['resolution'] }) {
  if (r.status === 'open') return <Badge size="md">Open</Badge>;
  if (r.status === 'due')
    return (
      <Badge variant="warning" size="md">
        Due
      </Badge>
    );
  const outcome = r.outcome ?? 'ambiguous';
  return (
    <Badge variant={outcome === 'yes' ? 'success' : outcome === 'no' ? 'danger' : 'neutral'} size="md">
      Resolved: {OUTCOME_TEXT[outcome]}
    </Badge>
  );
}

const voteButton =
  'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold ring-1 ring-inset transition disabled:cursor-not-allowed disabled:opacity-60 bg-white text-ink-700 ring-ink-200 hover:bg-ink-50';

/** Resolve-by date, confidence, status, evidence and note; Resolve for the author, Agree/Disagree for others. */
export function ResolutionPanel({
  prediction: p,
  userId,
  onSignInNeeded,
  resolveAction,
}: {
  prediction: PredictionDetail;
  userId: number | null;
  onSignInNeeded: () => void;
  resolveAction?: ResolveAction | undefined;
}) {
  const r = p.resolution;
  const vote = useVoteOnResolution(p.id);
  const voted = p.my_resolution_vote;
  const evidence = safeHttps(r.evidence_url);
  const onVote = (agree: boolean) => {
    if (userId === null) return onSignInNeeded();
    vote.mutate(agree);
  };
  return (
    <Card as="section" aria-labelledby="resolution-title" data-testid="resolution-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="resolution-title" className="text-lg font-semibold text-ink-900">
          Resolution
        </h2>
        <div className="flex flex-wrap gap-2">
          <StatusBadge resolution={r} />
          {r.disputed ? (
            <Badge variant="danger" size="md">
              Disputed
            </Badge>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-600">Resolve by</dt>
          <dd className="font-semibold text-ink-900">{p.resolve_by ? day(p.resolve_by) : 'No date'}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Confidence</dt>
          <dd className="font-semibold text-ink-900 tabular-nums">
            {p.confidence === null ? 'Not given' : `${p.confidence}%`}
          </dd>
        </div>
        {r.resolved_at ? (
          <div>
            <dt className="text-ink-600">Resolved on</dt>
            <dd className="font-semibold text-ink-900">{day(r.resolved_at)}</dd>
          </div>
        ) : null}
        {r.status === 'resolved' ? (
          <div>
            <dt className="text-ink-600">Community check</dt>
            <dd className="font-semibold text-ink-900 tabular-nums">
              {r.agree} agree · {r.disagree} disagree
            </dd>
          </div>
        ) : null}
      </dl>
      {evidence ? (
        <p className="mt-3 text-sm">
          <a
            href={evidence}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold break-all text-brand-700 hover:underline"
          >
            Evidence
          </a>
        </p>
      ) : null}
      {r.note ? (
        <p dir="auto" className="mt-3 text-sm leading-relaxed break-words text-ink-800">
          {r.note}
        </p>
      ) : null}
      {p.is_owner && p.owner_view && resolveAction ? (
        <div className="mt-4">{resolveAction(p.owner_view)}</div>
      ) : null}
      {!p.is_owner && r.status === 'resolved' ? (
        <div className="mt-4">
          <p className="text-sm text-ink-700">Is this resolution right?</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={cn(voteButton, voted === true && 'bg-emerald-50 text-emerald-800 ring-emerald-300')}
              aria-pressed={voted === true}
              disabled={vote.isPending}
              onClick={() => onVote(true)}
            >
              Agree
            </button>
            <button
              type="button"
              className={cn(voteButton, voted === false && 'bg-red-50 text-red-800 ring-red-300')}
              aria-pressed={voted === false}
              disabled={vote.isPending}
              onClick={() => onVote(false)}
            >
              Disagree
            </button>
          </div>
        </div>
      ) : null}
      {vote.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {vote.error instanceof ApiError ? vote.error.message : 'Failed to send your vote'}
        </p>
      ) : null}
    </Card>
  );
}
