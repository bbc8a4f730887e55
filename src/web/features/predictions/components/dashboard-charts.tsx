import type { CategoryShare, DailyActivity } from '#shared/schemas/predictions.ts';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { activitySummary, categoriesSummary, dayLabel, doughnutSlices } from '../lib/display';

// The dashboard's two chart cards. Only the canvases wait for Chart.js (a lazy chunk); each sits in a
// box of fixed height from the first render, so nothing on the page moves when they arrive (a
// 'Loading charts...' block of another height shifted the page: CLS up to 0.145 at 1280 px).
const DailyBars = lazy(async () => ({ default: (await import('./chart-canvases')).DailyBars }));
const CategoryDoughnut = lazy(async () => ({ default: (await import('./chart-canvases')).CategoryDoughnut }));

function Canvas({ height, children }: { height: string; children: ReactNode }) {
  return (
    <div className={`mt-4 ${height}`}>
      <Suspense
        fallback={
          <div className="grid h-full place-items-center text-brand-600">
            <Spinner label="Loading chart..." />
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, string];
  rows: [string, string | number][];
}) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show as table</summary>
      <div className="mt-2 overflow-hidden rounded-lg ring-1 ring-ink-200">
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-ink-50 text-xs text-ink-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {head[0]}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {head[1]}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {rows.map(([a, b]) => (
              <tr key={a}>
                <th scope="row" className="px-3 py-1.5 font-normal text-ink-800">
                  {a}
                </th>
                <td className="px-3 py-1.5 text-right text-ink-900 tabular-nums">{b}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function DailyActivityChart({ days }: { days: readonly DailyActivity[] }) {
  const id = useId();
  const summary = activitySummary(days);
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <figure>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          Daily Activity (Last 30 Days)
        </h3>
        <Canvas height="h-56">
          <DailyBars days={days} summary={summary} />
        </Canvas>
        <figcaption className="mt-3 text-sm text-ink-600">{summary} Days are UTC.</figcaption>
      </figure>
      <DataTable
        caption="Predictions per day, last 30 days (UTC)"
        head={['Day', 'Predictions']}
        rows={days.map((d) => [dayLabel(d.date), d.count])}
      />
    </Card>
  );
}

function CategoriesChart({ distribution }: { distribution: readonly CategoryShare[] }) {
  const id = useId();
  const slices = doughnutSlices(distribution);
  const summary = categoriesSummary(slices);
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <figure>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          Prediction Categories
        </h3>
        <Canvas height="h-64">
          <CategoryDoughnut slices={slices} summary={summary} />
        </Canvas>
        <figcaption className="mt-3 text-sm text-ink-600">{summary}</figcaption>
      </figure>
      <DataTable
        caption="Predictions per category"
        head={['Category', 'Predictions']}
        rows={slices.map((s) => [s.category, s.count])}
      />
    </Card>
  );
}

/** Both dashboard charts, side by side on wide screens. */
export function DashboardCharts({
  dailyActivity,
  categoryDistribution,
}: {
  dailyActivity: readonly DailyActivity[];
  categoryDistribution: readonly CategoryShare[];
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DailyActivityChart days={dailyActivity} />
      <CategoriesChart distribution={categoryDistribution} />
    </div>
  );
}
