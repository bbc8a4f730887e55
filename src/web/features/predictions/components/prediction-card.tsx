import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  CommentIcon,
  SparklesIcon,
  ThumbDownIcon,
  ThumbUpIcon,
  UsersIcon,
  WarningIcon,
} from '#web/components/ui/icons.tsx';
import { LockIcon } from '#web/components/ui/page-icons.tsx';
import { countOf } from '#shared/rules/numbers.ts';
import { cn } from '#web/lib/cn.ts';
import { needsImprovement, type SentimentLabel, sentimentLabel, shortDate } from '../lib/display';
import { longDate } from '../lib/forecast';
import { CategoryIcon } from './category-icon';
import { FlagReasonModal, QualityModal } from './prediction-modals';

const SENTIMENT: Record<SentimentLabel, BadgeVariant> = {
  Positive: 'success',
  Negative: 'danger',
  Neutral: 'neutral',
};

const barColor = (percent: number) =>
  percent >= 70 ? 'bg-emerald-500' : percent >= 40 ? 'bg-amber-500' : 'bg-red-500';

const OUTCOME: Record<'yes' | 'no' | 'ambiguous', { text: string; variant: BadgeVariant }> = {
  yes: { text: 'Came true', variant: 'success' },
  no: { text: 'Did not happen', variant: 'danger' },
  ambiguous: { text: 'Ambiguous', variant: 'neutral' },
};

/** Its resolve-by date and confidence, and how it resolved (issue 26). */
function ResolutionLine({ prediction: p }: { prediction: MemberPrediction }) {
  const r = p.resolution;
  if (r.status === 'open' && p.target_date === null && p.confidence === null) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-ink-600">
      {r.status === 'resolved' && r.outcome ? (
        <Badge variant={OUTCOME[r.outcome].variant}>{OUTCOME[r.outcome].text}</Badge>
      ) : r.status === 'due' ? (
        <Badge variant="warning">Due for resolution</Badge>
      ) : null}
      {r.disputed ? <Badge variant="danger">Disputed</Badge> : null}
      {p.target_date ? <span>Resolve by {longDate(p.target_date)}</span> : null}
      {p.confidence === null ? null : <span>{p.confidence}% sure</span>}
    </p>
  );
}

/** One of the member's predictions, as SPEC.md §2 'Dashboard' lists its parts. */
export function PredictionCard({
  prediction: p,
  actions,
}: {
  prediction: MemberPrediction;
  /** Extra controls another feature adds (resolving it). */
  actions?: ReactNode;
}) {
  const [flagOpen, setFlagOpen] = useState(false);
  const [qualityOpen, setQualityOpen] = useState(false);
  const textQuality = p.text_quality_score === null ? null : Math.round(p.text_quality_score * 100);
  const sentiment = sentimentLabel(p.sentiment_score);
  const { likes, dislikes, comments } = p.engagement;
  return (
    <article
      className="rounded-xl bg-white p-4 ring-1 ring-ink-200 sm:p-5"
      aria-label={`Prediction of ${shortDate(p.timestamp)}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="brand">
          <CategoryIcon category={p.category} className="size-3.5" />
          {p.category}
        </Badge>
        <time dateTime={p.timestamp} className="text-ink-500">
          {shortDate(p.timestamp)}
        </time>
        <span className="ml-auto flex flex-wrap items-center gap-2">
          {p.reliability_score === null ? (
            <span className="text-ink-500">Analyzing...</span>
          ) : (
            <span className="font-semibold text-ink-900 tabular-nums">
              {p.reliability_score}% <span className="sr-only">quality</span>
            </span>
          )}
          {p.is_flagged ? (
            <button
              type="button"
              onClick={() => setFlagOpen(true)}
              aria-haspopup="dialog"
              className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <WarningIcon className="size-3.5" />
              Flagged
            </button>
          ) : null}
          {p.visibility ? (
            <Badge variant="info">
              <UsersIcon className="size-3.5" />
              Public
            </Badge>
          ) : (
            <Badge variant="neutral">
              <LockIcon className="size-3.5" />
              Private
            </Badge>
          )}
        </span>
      </div>

      <p id={`text-${p.id}`} dir="auto" className="mt-3 text-base leading-relaxed break-words text-ink-900">
        {p.prediction_text}
      </p>
      <ResolutionLine prediction={p} />

      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ul aria-label="Community reactions" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
          <li className="inline-flex items-center gap-1.5">
            <ThumbUpIcon className="size-4" />
            {countOf(likes, 'like')}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <ThumbDownIcon className="size-4" />
            {countOf(dislikes, 'dislike')}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <CommentIcon className="size-4" />
            {countOf(comments, 'comment')}
          </li>
        </ul>
        {/* Its own page: the analysis, the conversation, Share and Delete. */}
        <Link
          to={`/p/${p.id}`}
          aria-describedby={`text-${p.id}`}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Open prediction page
        </Link>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="min-w-40 flex-1">
          <div className="flex justify-between text-xs text-ink-600">
            <span id={`tq-${p.id}`}>Text quality</span>
            <span className="tabular-nums">{textQuality === null ? '—' : `${textQuality}%`}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`tq-${p.id}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={textQuality ?? 0}
            className="mt-1 h-2 overflow-hidden rounded-full bg-ink-100"
          >
            <div
              className={cn('h-full rounded-full', barColor(textQuality ?? 0))}
              style={{ width: `${textQuality ?? 0}%` }}
            />
          </div>
        </div>
        <Badge variant={SENTIMENT[sentiment]}>
          <span className="sr-only">Sentiment: </span>
          {sentiment}
        </Badge>
        {/* Every analysed prediction explains its score; under 70 SPEC.md's 'Improve Quality' leads. */}
        {p.reliability_score === null ? null : needsImprovement(p.reliability_score) ? (
          <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={() => setQualityOpen(true)}>
            <SparklesIcon className="size-4" />
            Improve Quality
          </Button>
        ) : (
          <Button size="sm" variant="ghost" aria-haspopup="dialog" onClick={() => setQualityOpen(true)}>
            <SparklesIcon className="size-4" />
            Why this score
          </Button>
        )}
        {actions}
      </div>

      {p.is_flagged ? <FlagReasonModal prediction={p} open={flagOpen} onOpenChange={setFlagOpen} /> : null}
      {p.reliability_score === null ? null : (
        <QualityModal prediction={p} open={qualityOpen} onOpenChange={setQualityOpen} />
      )}
    </article>
  );
}
