import type { PublicProfileReply } from '#shared/schemas/explore.ts';
import { Link } from 'react-router';
import { CalibrationChart } from '#web/components/charts/calibration-chart.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { UsersIcon } from '#web/components/ui/icons.tsx';
import { CompassIcon, ListIcon } from '#web/components/ui/page-icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useProfile } from '../api/get-profile';
import { monthYear, RELIABILITY_LABELS } from '../lib/format';
import { PredictionFeed } from './prediction-feed';

type PublicUser = PublicProfileReply['user'];

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-ink-200/70">
      <dt className="text-xs font-medium tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink-900 tabular-nums">
        {value}
        {note ? <span className="text-sm font-medium text-ink-600"> {note}</span> : null}
      </dd>
    </div>
  );
}

function ProfileHeader({ user }: { user: PublicUser }) {
  const { overall_reliability_score: score, label } = user.reliability;
  return (
    <header className="flex flex-col gap-6">
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700 uppercase"
        >
          {[...user.username][0]}
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Member</p>
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight break-all text-ink-900">
            <bdi>{user.username}</bdi>
            {user.is_demo ? <Badge size="md">Demo</Badge> : null}
          </h1>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label="Member since" value={monthYear(user.created_at)} />
        <Figure label="Public predictions" value={String(user.public_predictions)} />
        <Figure
          label="Reliability score"
          value={score === null ? 'N/A' : String(Math.round(score))}
          note={score === null ? undefined : `/ 100${label ? ` · ${RELIABILITY_LABELS[label]}` : ''}`}
        />
      </dl>
    </header>
  );
}

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

/** The public track record (issue 26): public predictions only. */
function TrackRecordSection({ user }: { user: PublicUser }) {
  const t = user.track_record;
  return (
    <section aria-labelledby="profile-track-record" className="flex flex-col gap-4">
      <h2 id="profile-track-record" className="text-xl font-semibold text-ink-900">
        Track record
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Resolved" value={String(t.resolved)} />
        <Figure label="Came true" value={pct(t.came_true_rate)} />
        <Figure label="Brier score" value={t.brier === null ? '—' : t.brier.toFixed(3)} />
        <Figure label="Resolution rate" value={pct(t.resolution_rate)} />
      </dl>
      <CalibrationChart
        calibration={t.calibration}
        brier={t.brier}
        scored={t.scored}
        who={`${user.username}'s forecasts`}
      />
    </section>
  );
}

/** /u/:username: a member's public profile and public predictions, newest first. */
export function ProfilePage({
  username,
  cursor,
  userId,
}: {
  username: string;
  /** Where the list starts: a 'Load more' link opened on its own. */
  cursor: string | null;
  userId: number | null;
}) {
  const profile = useProfile(username);

  if (profile.isPending) {
    return (
      <div className="grid min-h-96 place-items-center text-brand-600">
        <Spinner label="Loading profile..." />
      </div>
    );
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center sm:py-20">
          <title>Member not found · Futurecast</title>
          <div className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
            <CompassIcon className="size-7" />
          </div>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-900">Member not found</h1>
          <p className="mt-3 text-base leading-relaxed text-ink-600">
            Nobody goes by <bdi className="font-semibold">{username}</bdi> on Futurecast.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/predictions">Explore predictions</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Go to Home
            </ButtonLink>
          </div>
        </div>
      );
    }
    return (
      <Alert
        variant="error"
        title="Unable to load this profile"
        actions={
          <Button size="sm" variant="secondary" onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        }
      >
        Check your connection and try again.
      </Alert>
    );
  }

  const { user } = profile.data;
  const base = `/u/${encodeURIComponent(user.username)}`;
  return (
    <div className="flex flex-col gap-10">
      <title>{`${user.username} · Futurecast`}</title>
      <ProfileHeader user={user} />
      <TrackRecordSection user={user} />
      <section aria-labelledby="profile-predictions" className="flex flex-col gap-4">
        <h2 id="profile-predictions" className="flex items-center gap-2 text-xl font-semibold text-ink-900">
          <UsersIcon className="size-5 text-brand-600" />
          Public predictions
        </h2>
        {cursor ? (
          <Link to={base} className="text-sm font-semibold text-brand-700 hover:underline">
            Back to the latest predictions
          </Link>
        ) : null}
        <PredictionFeed
          key={cursor}
          filters={{ sort: 'new', author: user.username }}
          startCursor={cursor}
          pageHref={(cursor) => (cursor ? `${base}?cursor=${encodeURIComponent(cursor)}` : base)}
          label={`Public predictions by ${user.username}`}
          userId={userId}
          empty={
            <EmptyState
              icon={<ListIcon />}
              title="No public predictions yet"
              description="Predictions this member publishes for everyone appear here."
              headingLevel={3}
            />
          }
        />
      </section>
    </div>
  );
}
