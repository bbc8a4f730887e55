import type { MemberStatsReply } from '#shared/schemas/predictions.ts';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ChartIcon, SparklesIcon } from '#web/components/ui/icons.tsx';
import { ListIcon } from '#web/components/ui/page-icons.tsx';
import { performanceInsights } from '../lib/display';

const ACTIONS = [
  { to: '/submit', icon: SparklesIcon, label: 'Create a prediction' },
  { to: '/my-predictions', icon: ListIcon, label: 'View my predictions' },
  { to: '/analytics', icon: ChartIcon, label: 'View analytics' },
];

/** The fallback view when charts can't be shown: quality score, insights (SPEC.md §9), quick actions. */
export function PerformanceDashboard({
  stats,
}: {
  stats: Pick<MemberStatsReply, 'totalPredictions' | 'flaggedCount' | 'averageScore'> | undefined;
}) {
  const figures = stats ?? { totalPredictions: 0, flaggedCount: 0, averageScore: null };
  const insights = performanceInsights(figures);
  return (
    <Card as="section" aria-labelledby="performance-title" padding="lg">
      <h2 id="performance-title" className="text-lg font-semibold text-ink-900">
        Performance Dashboard
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-3">
        <div className="rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
          <p className="text-sm font-semibold text-brand-800">Content Quality Score</p>
          <p className="mt-2 text-4xl font-bold text-brand-900 tabular-nums">
            {figures.averageScore === null ? 'N/A' : `${Math.round(figures.averageScore)}%`}
          </p>
          <p className="mt-1 text-xs text-brand-800">Average quality of your predictions</p>
        </div>
        <div className="space-y-3 lg:col-span-2">
          <h3 className="text-sm font-semibold text-ink-900">Performance insights</h3>
          {insights.map((insight) => (
            <Alert key={insight.title} variant={insight.tone} title={insight.title}>
              {insight.text}
            </Alert>
          ))}
        </div>
      </div>
      <h3 className="mt-8 text-sm font-semibold text-ink-900">Quick actions</h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {ACTIONS.map(({ to, icon: Icon, label }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-xl p-4 ring-1 ring-ink-200 transition hover:bg-brand-50 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon className="size-6 shrink-0 text-brand-600" />
              <span className="text-sm font-semibold text-ink-900">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
