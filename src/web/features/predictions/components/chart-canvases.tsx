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
import { Bar, Doughnut } from 'react-chartjs-2';
import { CHART_COLORS } from '../lib/category-meta';
import { dayLabel } from '../lib/display';

// The two dashboard canvases, the only code that needs Chart.js: loaded lazily by the dashboard's
// chart cards, which lay out everything else (titles, captions, tables) before it arrives.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function DailyBars({ days, summary }: { days: readonly DailyActivity[]; summary: string }) {
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
  );
}

export function CategoryDoughnut({
  slices,
  summary,
}: {
  slices: readonly Pick<CategoryShare, 'category' | 'count'>[];
  summary: string;
}) {
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    cutout: '60%',
    plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, padding: 12 } } },
  };
  return (
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
  );
}
