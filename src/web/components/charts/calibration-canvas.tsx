import type { CalibrationBucket } from '#shared/schemas/resolution.ts';
import {
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';
import { Scatter } from 'react-chartjs-2';

// The calibration chart's canvas: the only part that needs Chart.js, loaded lazily by
// calibration-chart.tsx on the pages that show it (dashboard, profile, leaderboard, analytics).
ChartJS.register(ScatterController, LineElement, PointElement, LinearScale, Tooltip, Legend);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const BRAND = '#4f46e5';
const DIAGONAL = '#94a3b8';

export function CalibrationCanvas({
  calibration,
  summary,
  label,
}: {
  calibration: readonly CalibrationBucket[];
  summary: string;
  /** Whose forecasts: 'Your forecasts', 'Community'. */
  label: string;
}) {
  const filled = calibration.filter((b) => b.count > 0 && b.predicted !== null && b.observed !== null);
  const points = filled.map((b) => ({
    x: Math.round((b.predicted ?? 0) * 100),
    y: Math.round((b.observed ?? 0) * 100),
  }));
  const counts = filled.map((b) => b.count);
  const options: ChartOptions<'scatter'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : undefined,
    // Room for a whole point at 100% (the forecasts are drawn unclipped).
    layout: { padding: { top: 10, right: 10 } },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, padding: 12 } },
      tooltip: {
        callbacks: {
          label: (ctx) => {
            const raw = ctx.raw as { x: number; y: number };
            if (ctx.datasetIndex === 1) return 'Perfect calibration';
            const n = counts[ctx.dataIndex] ?? 0;
            return `Said ${raw.x}%: ${raw.y}% came true (${n} prediction${n === 1 ? '' : 's'})`;
          },
        },
      },
    },
    scales: {
      x: { min: 50, max: 100, title: { display: true, text: 'Predicted (%)' }, ticks: { stepSize: 10 } },
      y: { min: 0, max: 100, title: { display: true, text: 'Came true (%)' }, ticks: { stepSize: 25 } },
    },
  };
  return (
    <Scatter
      role="img"
      aria-label={summary}
      options={options}
      data={{
        datasets: [
          {
            label,
            data: points,
            showLine: points.length > 1,
            clip: false,
            borderColor: BRAND,
            backgroundColor: BRAND,
            pointRadius: counts.map((n) => Math.min(10, 4 + Math.sqrt(n))),
          },
          {
            label: 'Perfect calibration',
            data: [
              { x: 50, y: 50 },
              { x: 100, y: 100 },
            ],
            showLine: true,
            pointRadius: 0,
            borderColor: DIAGONAL,
            backgroundColor: DIAGONAL,
            borderDash: [6, 4],
            borderWidth: 1.5,
          },
        ],
      }}
    />
  );
}
