import { DEFAULT_HOME_STATS, HOME_STATS_FALLBACKS, weeklyDefault } from '#shared/rules/home-stats.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { useHomepageStats } from '../api/get-homepage-stats';
import { formatCount } from '#shared/rules/numbers.ts';

// SPEC.md §2 items 3 and 6: defaults (§9) show before the figures load and stay if loading fails.

export function useStatsFigures() {
  const stats = useHomepageStats();
  const d = stats.data;
  const daily = d?.dailyPredictions ?? DEFAULT_HOME_STATS.dailyPredictions;
  return {
    loaded: Boolean(d),
    totalUsers: d ? (d.totalUsers ?? HOME_STATS_FALLBACKS.totalUsers) : DEFAULT_HOME_STATS.totalUsers,
    predictionsToday: d?.predictionsToday ?? DEFAULT_HOME_STATS.predictionsToday,
    predictorsToday: d?.predictorsToday ?? DEFAULT_HOME_STATS.predictorsToday,
    dailyPredictions: daily,
    weeklyPredictions: d?.weeklyPredictions ?? weeklyDefault(daily),
    activePredictors: d?.activePredictors ?? DEFAULT_HOME_STATS.activePredictors,
    dataPoints: d ? (d.dataPoints ?? HOME_STATS_FALLBACKS.dataPoints) : DEFAULT_HOME_STATS.dataPoints,
  };
}

export type StatsFigures = ReturnType<typeof useStatsFigures>;

export function ComingNext({ figures, signedIn }: { figures: StatsFigures; signedIn: boolean }) {
  return (
    <section aria-labelledby="coming-next-title" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6 sm:pt-20">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-white p-6 ring-1 ring-ink-200/70 shadow-card sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <h2 id="coming-next-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            What Do You See Coming Next
          </h2>
          <p className="mt-2 text-ink-600">
            Write it down now. In a few minutes you will know how clear and checkable it is; in time, whether
            you were right.
          </p>
          <dl className="mt-5 flex gap-8">
            <div>
              <dt className="text-sm text-ink-500">Predictions today</dt>
              <dd
                className="text-2xl font-bold tabular-nums text-brand-700"
                data-testid="stat-predictions-today"
              >
                {formatCount(figures.predictionsToday)}
              </dd>
              <dd className="text-xs text-ink-500">since 00:00 UTC</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-500">Active predictors</dt>
              <dd
                className="text-2xl font-bold tabular-nums text-brand-700"
                data-testid="stat-predictors-today"
              >
                {formatCount(figures.predictorsToday)}
              </dd>
              <dd className="text-xs text-ink-500">published today</dd>
            </div>
          </dl>
        </div>
        <ButtonLink to={signedIn ? '/submit' : '/login'} size="lg">
          Submit Your Prediction
        </ButtonLink>
      </div>
    </section>
  );
}

export function StatsRow({ figures }: { figures: StatsFigures }) {
  // Each says what it counts: 'Daily predictions' beside 'Predictions today' would read as a contradiction.
  const items = [
    { label: 'Members', value: figures.totalUsers, id: 'members', note: 'all time' },
    {
      label: 'Daily predictions',
      value: figures.dailyPredictions,
      id: 'daily',
      note: 'average, last 30 days',
    },
    { label: 'Predictions this week', value: figures.weeklyPredictions, id: 'weekly', note: 'last 7 days' },
    {
      label: 'Active this month',
      value: figures.activePredictors,
      id: 'monthly',
      note: 'members, last 30 days',
    },
  ];
  return (
    <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        Community in numbers
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {items.map((i) => (
          <div
            key={i.id}
            className="rounded-card bg-white p-5 text-center ring-1 ring-ink-200/70 shadow-card"
          >
            <dt className="text-sm text-ink-500">{i.label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums text-ink-900" data-testid={`stat-${i.id}`}>
              {formatCount(i.value)}
            </dd>
            <dd className="mt-1 text-xs text-ink-500">{i.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
