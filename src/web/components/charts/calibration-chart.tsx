import type { CalibrationBucket } from '#shared/schemas/resolution.ts';
import { lazy, Suspense, useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

// A calibration chart (issue 26) any page can show: predicted against observed per confidence
// bucket, with the diagonal of perfect calibration, and the Brier score in plain words. Shared
// here (not in a feature) because the dashboard, the profile, the leaderboard and the analytics
// page all show it. Chart.js arrives in a lazy chunk; the box has its height from the first render.
const CalibrationCanvas = lazy(async () => ({
  default: (await import('./calibration-canvas')).CalibrationCanvas,
}));

/** The plain-language reading of a Brier score, as issue 26 words it. */
const BRIER_EXPLAINED = '0 is perfect; always saying 50% scores 0.25';

const percent = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

function calibrationSummary(calibration: readonly CalibrationBucket[], who: string): string {
  const filled = calibration.filter((b) => b.count > 0);
  if (filled.length === 0) return `No scored resolutions yet for ${who}.`;
  return `${who}: ${filled
    .map((b) => `said ${percent(b.predicted)}, ${percent(b.observed)} came true (${b.count})`)
    .join('; ')}.`;
}

/** 'Brier score 0.18' plus what that means. */
function BrierLine({ brier, scored }: { brier: number | null; scored: number }) {
  return (
    <p className="text-sm text-ink-700">
      <span className="font-semibold text-ink-900">
        Brier score {brier === null ? '—' : brier.toFixed(3)}
      </span>
      {scored > 0 ? ` over ${scored} scored prediction${scored === 1 ? '' : 's'}` : ''}.{' '}
      <span>{BRIER_EXPLAINED}</span>
    </p>
  );
}

export function CalibrationChart({
  calibration,
  brier,
  scored,
  title = 'Calibration',
  who = 'Your forecasts',
}: {
  calibration: readonly CalibrationBucket[];
  brier: number | null;
  scored: number;
  title?: string;
  who?: string;
}) {
  const id = useId();
  const summary = calibrationSummary(calibration, who);
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0" data-testid="calibration-chart">
      <figure>
        <h3 id={id} className="text-base font-semibold text-ink-900">
          {title}
        </h3>
        <div className="mt-1">
          <BrierLine brier={brier} scored={scored} />
        </div>
        <div className="mt-4 h-64">
          {scored > 0 ? (
            <Suspense
              fallback={
                <div className="grid h-full place-items-center text-brand-600">
                  <Spinner label="Loading chart..." />
                </div>
              }
            >
              <CalibrationCanvas calibration={calibration} summary={summary} label={who} />
            </Suspense>
          ) : (
            <div className="grid h-full place-items-center rounded-xl bg-ink-50 p-6 text-center text-sm text-ink-600">
              Resolve predictions that carry a confidence to see how well calibrated they are.
            </div>
          )}
        </div>
        <figcaption className="mt-3 text-sm text-ink-600">
          Each point: of the predictions made with that much confidence, how many came true. On the dashed
          diagonal, confidence matches reality.
        </figcaption>
      </figure>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2 overflow-hidden rounded-lg ring-1 ring-ink-200">
          <table className="w-full text-left">
            <caption className="sr-only">{title}: predicted against observed per confidence bucket</caption>
            <thead className="bg-ink-50 text-xs text-ink-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Confidence
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Predicted
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Came true
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Predictions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {calibration.map((b) => (
                <tr key={b.bucket}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-ink-800">
                    {b.bucket.replace('-', '–')}%
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{percent(b.predicted)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{percent(b.observed)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
