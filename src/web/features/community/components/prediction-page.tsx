import type { PredictionDetail } from '#shared/schemas/explore.ts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { WarningIcon } from '#web/components/ui/icons.tsx';
import { CompassIcon, LockIcon, TrashIcon } from '#web/components/ui/page-icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useDeletePrediction } from '../api/delete-prediction';
import { useInteractions } from '../api/get-interactions';
import { usePrediction } from '../api/get-prediction';
import { voteErrorMessage } from '../api/vote-prediction';
import { cardText } from '../lib/card-text';
import { effectText, longDate, TIER_LABELS } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { PredictionComments } from './prediction-comments';
import { type ResolveAction, ResolutionPanel } from './resolution-panel';
import { ShareButton } from './share-button';
import { useCardActions } from './use-card-actions';
import { VoteButtons } from './vote-buttons';

/** A page-level state that takes focus when it replaces the page (deleted, not found). */
function PageNotice({
  title,
  children,
  focus = false,
}: {
  title: string;
  children: React.ReactNode;
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center sm:py-20">
      <title>{`${title} · Futurecast`}</title>
      <div className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
        <CompassIcon className="size-7" />
      </div>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-6 text-3xl font-bold tracking-tight text-ink-900 focus:outline-none"
      >
        {title}
      </h1>
      {children}
    </div>
  );
}

function PredictionNotFound() {
  return (
    <PageNotice title="Prediction not found">
      <p className="mt-3 text-base leading-relaxed text-ink-600">
        This prediction doesn't exist, was deleted by its author, or is private.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/predictions">Explore predictions</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Go to Home
        </ButtonLink>
      </div>
    </PageNotice>
  );
}

const voteButton =
  'inline-flex h-10 items-center gap-1.5 rounded-lg px-3.5 text-sm font-semibold ring-1 ring-inset transition disabled:cursor-not-allowed disabled:opacity-60';

function QualityPanel({ analysis }: { analysis: PredictionDetail['analysis'] }) {
  const percent = analysis.quality_percent;
  return (
    <Card as="section" aria-labelledby="quality-title">
      <h2 id="quality-title" className="text-lg font-semibold text-ink-900">
        Quality analysis
      </h2>
      {percent === null ? (
        <p className="mt-3 text-sm text-ink-600">Analyzing...</p>
      ) : (
        <>
          <p className="mt-3 flex items-baseline gap-3">
            <span className="text-4xl font-bold text-ink-900 tabular-nums">{Math.round(percent)}%</span>
            <span className="text-sm text-ink-600">quality</span>
          </p>
          {analysis.tier ? (
            <Badge
              variant={analysis.tier === 'needs_improvement' ? 'warning' : 'success'}
              size="md"
              className="mt-2"
            >
              {TIER_LABELS[analysis.tier]}
            </Badge>
          ) : null}
        </>
      )}
      {analysis.reasons.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-ink-900">Why this score</h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {analysis.reasons.map((r) => (
              <li key={r.code} className="flex items-start justify-between gap-3">
                <span className="text-ink-700">{r.label}</span>
                <span
                  className={cn(
                    'shrink-0 font-semibold tabular-nums',
                    r.effect > 0 ? 'text-emerald-700' : r.effect < 0 ? 'text-red-700' : 'text-ink-600',
                  )}
                >
                  {effectText(r.effect)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function PredictionView({
  prediction: p,
  userId,
  onDeleted,
  resolveAction,
}: {
  prediction: PredictionDetail;
  userId: number | null;
  onDeleted: () => void;
  resolveAction?: ResolveAction | undefined;
}) {
  const actions = useCardActions(userId);
  const interactions = useInteractions(userId, [p.id]);
  const action = interactions.data?.[String(p.id)];
  const remove = useDeletePrediction(p.id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { heading, body } = cardText(p.title, p.predictionText);
  const pending = actions.pendingVote(p.id);
  const voteError = actions.voteError(p.id);
  const { likes, dislikes, comments } = p.engagement;

  return (
    // In reading order on a phone (the prediction, its analysis, the conversation); on a wide screen
    // the analysis stands beside both.
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
      <title>{`${heading} · Futurecast`}</title>
      <article
        aria-labelledby="prediction-title"
        className="min-w-0 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/70 sm:p-8"
      >
        <div className="flex flex-wrap items-center gap-2">
          {p.categories.map((category) => (
            <Link
              key={category}
              to={`/predictions?category=${encodeURIComponent(category)}`}
              className="rounded-full"
            >
              <Badge variant="brand" size="md" className="hover:bg-brand-100">
                {category}
              </Badge>
            </Link>
          ))}
          {p.isDemo ? <Badge size="md">Demo</Badge> : null}
          {p.visibility ? null : (
            <Badge size="md">
              <LockIcon className="size-3.5" />
              Private
            </Badge>
          )}
          {p.is_flagged ? (
            <Badge variant="danger" size="md">
              <WarningIcon className="size-3.5" />
              Flagged
            </Badge>
          ) : null}
        </div>
        <h1
          id="prediction-title"
          dir="auto"
          className="mt-4 text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl"
        >
          {heading}
        </h1>
        {body ? (
          <p dir="auto" className="mt-3 text-lg leading-relaxed break-words text-ink-800">
            {body}
          </p>
        ) : null}
        <p className="mt-4 text-sm text-ink-600">
          by{' '}
          <Link
            to={`/u/${encodeURIComponent(p.username)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            <bdi>{p.username}</bdi>
          </Link>{' '}
          · <time dateTime={p.created_at}>{longDate(p.created_at)}</time>
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-2 border-t border-ink-100 pt-5">
          <VoteButtons
            likes={likes}
            dislikes={dislikes}
            action={action}
            disabled={pending !== null}
            onVote={(kind) => actions.onVote(p.id, kind)}
            className={voteButton}
          />
          <ShareButton title={heading} />
          {p.is_owner ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800"
              aria-haspopup="dialog"
              onClick={() => {
                remove.reset();
                setConfirmOpen(true);
              }}
            >
              <TrashIcon className="size-4" />
              Delete
            </Button>
          ) : null}
        </div>
        {voteError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {voteErrorMessage(voteError.error, voteError.kind)}
          </p>
        ) : null}
      </article>
      <aside
        className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        aria-label="About this prediction"
      >
        <ResolutionPanel
          prediction={p}
          userId={userId}
          onSignInNeeded={actions.askToLogin}
          resolveAction={resolveAction}
        />
        <QualityPanel analysis={p.analysis} />
      </aside>
      <div className="min-w-0 lg:col-start-1">
        <PredictionComments
          predictionId={p.id}
          count={comments}
          userId={userId}
          onSignInNeeded={actions.askToLogin}
        />
      </div>
      {actions.loginModal}
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete this prediction?"
        description="It is removed from Futurecast for good, with its votes and comments. This can't be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        error={
          remove.error instanceof ApiError
            ? remove.error.message
            : remove.error
              ? 'Failed to delete prediction'
              : null
        }
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmOpen(false);
              onDeleted();
            },
          })
        }
      />
    </div>
  );
}

/** /p/:id: one prediction with its analysis and conversation. */
export function PredictionPage({
  idParam,
  userId,
  resolveAction,
}: {
  idParam: string;
  userId: number | null;
  resolveAction?: ResolveAction;
}) {
  const id = /^\d{1,10}$/.test(idParam) ? Number(idParam) : 0;
  const valid = id > 0 && id <= 2 ** 31 - 1;
  const [deleted, setDeleted] = useState(false);
  const query = usePrediction(valid && !deleted ? id : null, userId);

  if (deleted) {
    return (
      <PageNotice title="Prediction deleted" focus>
        <p role="status" className="mt-3 text-base leading-relaxed text-ink-600">
          Your prediction and its comments are gone.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/my-predictions">My Predictions</ButtonLink>
          <ButtonLink to="/predictions" variant="secondary">
            Explore predictions
          </ButtonLink>
        </div>
      </PageNotice>
    );
  }
  if (!valid) return <PredictionNotFound />;
  if (query.isPending) {
    return (
      <div className="grid min-h-96 place-items-center text-brand-600">
        <Spinner label="Loading prediction..." />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <PredictionNotFound />;
    return (
      <Alert
        variant="error"
        title="Unable to load this prediction"
        actions={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      >
        Check your connection and try again.
      </Alert>
    );
  }
  return (
    <PredictionView
      prediction={query.data.prediction}
      userId={userId}
      onDeleted={() => setDeleted(true)}
      resolveAction={resolveAction}
    />
  );
}
