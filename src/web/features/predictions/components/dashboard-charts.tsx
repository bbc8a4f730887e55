import type { CategoryShare, DailyActivity } from '#shared/schemas/predictions.ts';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useId } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import { Card } from '#web/components/ui/card.tsx';
import { CHART_COLORS } from '../lib/category-meta';
import { activitySummary, categoriesSummary, dayLabel, doughnutSlices } from '../lib/display';

// Loaded lazily by the dashboard only: Chart.js never ships with any other page.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

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
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    plugins: { legend: { display: false }, tooltip: { intersect: false } },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
      y: { beginAtZero: true, ticks: { precision: 0 } },
    },
  };
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <figure>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          Daily Activity (Last 30 Days)
        </h3>
        <div className="mt-4 h-56">
          <Bar
            role="img"
            aria-label={summary}
            options={options}
            data={{
              labels: days.map((d) => dayLabel(d.date)),
              datasets: [
                {
                  label: 'Predictions',
                  data: days.map((d) => d.count),
                  backgroundColor: CHART_COLORS[0],
                  borderRadius: 4,
                },
              ],
            }}
          />
        </div>
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
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    cutout: '60%',
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, padding: 12 } } },
  };
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <figure>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          Prediction Categories
        </h3>
        <div className="mt-4 h-64">
          <Doughnut
            role="img"
            aria-label={summary}
            options={options}
            data={{
              labels: slices.map((s) => s.category),
              datasets: [
                {
                  data: slices.map((s) => s.count),
                  backgroundColor: slices.map((_, i) => CHART_COLORS[i % CHART_COLORS.length] as string),
                  borderColor: '#ffffff',
                  borderWidth: 2,
                },
              ],
            }}
          />
        </div>
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

/** Both dashboard charts, side by side on wide screens. Default export for React.lazy. */
export default function DashboardCharts({
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
