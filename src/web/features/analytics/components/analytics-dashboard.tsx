import { countOf, plural } from '#shared/rules/numbers.ts';
import type { AnalyticsDashboardReply, AnalyticsQuery, Timeframe } from '#shared/schemas/analytics.ts';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { ChartIcon, SparklesIcon, TagIcon, TrendIcon, UsersIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAnalyticsDashboard } from '../api/get-analytics-dashboard';
import { useCategoryActivity } from '../api/get-category-activity';
import { useCommunityHealth } from '../api/get-community-health';
import { useMomentum } from '../api/get-momentum';
import { useQualityVsLength } from '../api/get-quality-vs-length';
import { useTiming } from '../api/get-timing';
import { timeframeLabel } from './analytics-filters';
import {
  CategoryDistributionChart,
  DailyActivityChart,
  QualityHealthChart,
  QualityVsLengthChart,
  UsersByCategoryChart,
  WeeklyActivityChart,
} from './charts';
import { InsightCards } from './insight-cards';

const ANALYTICS_ERROR_FALLBACK = 'Failed to fetch analytics data';
const NO_DATA_MESSAGE = 'No prediction data found for the selected filters.';

const fmt = (n: number) => n.toLocaleString();

export interface AnalyticsDashboardProps {
  query: AnalyticsQuery;
  onReset: () => void;
}

export function AnalyticsDashboard({ query, onReset }: AnalyticsDashboardProps) {
  const queries = [
    useAnalyticsDashboard(query),
    useCategoryActivity(query),
    useMomentum(query),
    useTiming(query),
    useCommunityHealth(query),
    useQualityVsLength(query),
  ] as const;
  const [dashboard, activity, momentum, timing, health, scatter] = queries;
  const failed = queries.find((q) => q.isError);

  if (failed) {
    const message = failed.error instanceof Error && failed.error.message ? failed.error.message : '';
    return (
      <Alert
        variant="error"
        className="mt-8"
        title={message || ANALYTICS_ERROR_FALLBACK}
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              for (const q of queries) if (q.isError) void q.refetch();
            }}
          >
            Try Again
          </Button>
        }
      >
        {message ? ANALYTICS_ERROR_FALLBACK : null}
      </Alert>
    );
  }

  if (!dashboard.data || !activity.data || !momentum.data || !timing.data || !health.data || !scatter.data) {
    return (
      <div
        className="mt-8 grid place-items-center rounded-card bg-white/60 py-24 text-brand-600"
        aria-busy="true"
      >
        <Spinner size="lg" label="Loading analytics..." />
        <p className="mt-3 text-sm text-ink-600" aria-hidden="true">
          Loading analytics...
        </p>
      </div>
    );
  }

  const d = dashboard.data;
  if (d.metrics.totalPredictions === 0) {
    return (
      <EmptyState
        className="mt-8"
        icon={<ChartIcon />}
        title={NO_DATA_MESSAGE}
        description={`Nothing was published in ${timeframeLabel(query.timeframe).toLowerCase()}${query.category === 'all' ? '' : ` under ${query.category}`}.`}
        action={
          <Button variant="primary" onClick={onReset}>
            Reset Filters
          </Button>
        }
      />
    );
  }

  return (
    <div className="mt-8" data-testid="analytics-content">
      <Hero data={d} timeframe={query.timeframe} />
      <AiBanner scoring={d.scoring} />
      <MetricCards data={d} />
      <section aria-labelledby="charts-title" className="mt-10">
        <h2 id="charts-title" className="text-xl font-semibold text-ink-900">
          Charts
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <DailyActivityChart daily={d.dailyActivity} />
          {query.category === 'all' ? (
            <>
              <CategoryDistributionChart data={d.categoryDistribution} />
              <UsersByCategoryChart data={d.userCategoryDistribution} />
            </>
          ) : null}
          <WeeklyActivityChart weekly={d.weeklyActivity} />
          <QualityHealthChart health={health.data} />
          <QualityVsLengthChart scatter={scatter.data} />
        </div>
      </section>
      <InsightCards activity={activity.data} momentum={momentum.data} timing={timing.data} />
    </div>
  );
}

function Hero({ data, timeframe }: { data: AnalyticsDashboardReply; timeframe: Timeframe }) {
  const scope = data.window.category === 'all' ? 'across all categories' : `in ${data.window.category}`;
  return (
    <section
      aria-labelledby="hero-title"
      className="rounded-card bg-gradient-to-br from-brand-700 to-accent-700 p-6 text-white sm:p-8"
    >
      <h2 id="hero-title" className="text-2xl font-bold sm:text-3xl">
        {fmt(data.metrics.totalPredictions)} {plural(data.metrics.totalPredictions, 'prediction')} {scope}
      </h2>
      <p className="mt-2 max-w-2xl text-brand-50">
        {timeframeLabel(timeframe)}: {fmt(data.metrics.activeUsers)}{' '}
        {plural(data.metrics.activeUsers, 'member')} published, on {fmt(data.summary.activeDays)} of{' '}
        {countOf(data.summary.totalDaysAnalyzed, 'day')};{' '}
        {fmt(data.metrics.totalPredictions - data.metrics.publicPredictions)} of them privately (counted,
        never shown).
      </p>
    </section>
  );
}

function AiBanner({ scoring }: { scoring: AnalyticsDashboardReply['scoring'] }) {
  const pct = scoring.agreement === null ? null : Math.round(scoring.agreement * 1000) / 10;
  return (
    <aside
      aria-label="AI quality analysis"
      className="mt-4 flex items-start gap-3 rounded-card bg-brand-50 p-4 text-sm text-brand-950 ring-1 ring-brand-100"
    >
      <SparklesIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <p>
        <strong className="font-semibold">AI-powered quality analysis.</strong>{' '}
        {pct === null
          ? 'Every prediction is scored for specificity, time frame and evidence the moment it is published.'
          : `Every prediction is scored the moment it is published. ${pct}% accuracy: on a held-out set of ${scoring.evaluatedPredictions ? `${fmt(scoring.evaluatedPredictions)} ` : ''}${plural(scoring.evaluatedPredictions ?? 0, 'prediction')} the team labelled and never tuned the engine on, its verdicts match the labels ${pct}% of the time.`}
      </p>
    </aside>
  );
}

function MetricCards({ data }: { data: AnalyticsDashboardReply }) {
  const m = data.metrics;
  const cards: { label: string; value: string; icon: ReactNode; note: string }[] = [
    {
      label: 'Total Predictions',
      value: fmt(m.totalPredictions),
      icon: <ChartIcon />,
      note: `${fmt(m.publicPredictions)} public`,
    },
    {
      label: 'Avg. Predictions/Day',
      value: m.avgPredictionsPerDay.toLocaleString(),
      icon: <TrendIcon />,
      note: `over ${countOf(data.summary.totalDaysAnalyzed, 'day')}`,
    },
    {
      label: 'Active Users',
      value: fmt(m.activeUsers),
      icon: <UsersIcon />,
      note: 'distinct members who published',
    },
    {
      label: 'Active Categories',
      value: fmt(m.categoriesActive),
      icon: <TagIcon />,
      note: 'with at least one prediction',
    },
  ];
  return (
    <section aria-label="Key metrics" className="mt-6">
      <dl className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label} className="flex flex-col gap-1">
            <dt className="flex items-center gap-2 text-sm font-medium text-ink-600 [&>svg]:size-4 [&>svg]:text-brand-600">
              {c.icon}
              {c.label}
            </dt>
            <dd className="text-3xl font-bold text-ink-900 tabular-nums">{c.value}</dd>
            <dd className="text-xs text-ink-500">{c.note}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
