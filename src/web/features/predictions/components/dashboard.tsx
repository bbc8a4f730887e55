import { Component, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/app/auth-provider.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { SparklesIcon } from '#web/components/ui/icons.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useMemberStats } from '../api/get-member-stats';
import { useMyPredictions } from '../api/get-my-predictions';
import { useReliability } from '../api/get-reliability';
import { isNewMember } from '../lib/display';
import { DashboardCharts } from './dashboard-charts';
import { DueForResolution, type ResolveAction } from './due-for-resolution';
import { PerformanceDashboard } from './performance-dashboard';
import { PredictionList } from './prediction-list';
import { StatCards } from './stat-cards';

/** Shows `fallback` instead of children that failed to load or render (e.g. the chart chunk). */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Charts unavailable; showing the Performance Dashboard instead.', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const rejected = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * The signed-in member's dashboard (SPEC.md §2 account page mode h). The app composes other
 * features' parts into it: `sinceLastVisit` (what happened since they last came), `resolveAction`
 * (resolving a prediction) and `trackRecord` (how their resolved predictions turned out).
 */
export function Dashboard({
  sinceLastVisit,
  resolveAction,
  trackRecord,
}: {
  sinceLastVisit?: ReactNode;
  resolveAction?: ResolveAction;
  trackRecord?: ReactNode;
}) {
  const { user, logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const stats = useMemberStats();
  const list = useMyPredictions();
  const reliability = useReliability(user?.username ?? '');

  // SPEC.md §8 'Dashboard load': 401/403 signs out; other failures are only logged.
  const loadError = stats.error ?? list.error;
  useEffect(() => {
    if (!loadError) return;
    if (rejected(loadError)) void logout('/login');
    else console.warn('Could not load the dashboard.', loadError);
  }, [loadError, logout]);

  if (!user) return null;
  const predictions = list.data?.predictions ?? [];
  const total = stats.data?.totalPredictions ?? predictions.length;
  const fallback = <PerformanceDashboard stats={stats.data} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow="My Account"
        title={
          <>
            {isNewMember(user.created_at) ? 'Welcome' : 'Welcome back'}, <bdi>{user.username}</bdi>
          </>
        }
        description="Your predictions, their analysis and your reliability, in one place."
        actions={
          <>
            <ButtonLink to="/settings" variant="secondary">
              Settings
            </ButtonLink>
            <Button
              variant="secondary"
              loading={leaving}
              onClick={() => {
                setLeaving(true);
                // From the account page, logout lands on the home page (SPEC.md §2).
                void logout('/');
              }}
            >
              Logout
            </Button>
          </>
        }
      />

      {resolveAction ? (
        <div className="mt-8 empty:hidden">
          <DueForResolution predictions={predictions} resolveAction={resolveAction} />
        </div>
      ) : null}

      <div className="mt-8">
        <StatCards
          stats={stats.data}
          reliability={reliability.data ?? stats.data?.user_reliability}
          memberSince={user.created_at}
        />
      </div>

      {sinceLastVisit ? <div className="mt-8">{sinceLastVisit}</div> : null}

      <Card as="section" aria-labelledby="recent-title" className="mt-8" padding="lg">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-title" className="text-lg font-semibold text-ink-900">
            Recent Predictions
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <Link
              to="/my-predictions"
              className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              All on one page
            </Link>
            <ButtonLink to="/submit" size="sm">
              Add New
            </ButtonLink>
          </div>
        </div>
        <div className="mt-5">
          {list.isPending ? (
            <div className="grid place-items-center py-10">
              <Spinner label="Loading your predictions..." />
            </div>
          ) : predictions.length === 0 ? (
            <EmptyState
              headingLevel={3}
              icon={<SparklesIcon />}
              title={list.isError ? 'Your predictions could not be loaded' : 'No predictions yet'}
              description="Share what you expect to happen and get an instant quality analysis."
              action={<ButtonLink to="/submit">Create Your First Prediction</ButtonLink>}
            />
          ) : (
            <PredictionList predictions={predictions} resolveAction={resolveAction} />
          )}
        </div>
      </Card>

      {trackRecord && !list.isPending ? <div className="mt-8">{trackRecord}</div> : null}

      {/* Below the list, shown once the list is in: nothing on screen sits under a block that grows. */}
      {stats.isPending || list.isPending ? null : (
        <div className="mt-8">
          {stats.data && total > 0 ? (
            <ChartBoundary fallback={fallback}>
              <DashboardCharts
                dailyActivity={stats.data.dailyActivity}
                categoryDistribution={stats.data.categoryDistribution}
              />
            </ChartBoundary>
          ) : (
            fallback
          )}
        </div>
      )}
    </div>
  );
}
