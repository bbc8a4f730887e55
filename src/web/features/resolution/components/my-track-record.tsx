import type { TrackRecord } from '#shared/schemas/resolution.ts';
import { Link } from 'react-router';
import { CalibrationChart } from '#web/components/charts/calibration-chart.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useMyTrackRecord } from '../api/get-my-track-record';

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-xl bg-ink-50 p-3 ring-1 ring-ink-200 ring-inset">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-ink-600">{hint}</dd>
    </div>
  );
}

export function TrackRecordFigures({ record }: { record: TrackRecord }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Resolved" value={String(record.resolved)} hint="yes or no, not disputed" />
      <Figure
        label="Came true"
        value={pct(record.came_true_rate)}
        hint={`${record.came_true} of ${record.resolved}`}
      />
      <Figure
        label="Brier score"
        value={record.brier === null ? '—' : record.brier.toFixed(3)}
        hint="lower is better"
      />
      <Figure
        label="Resolution rate"
        value={pct(record.resolution_rate)}
        hint="of predictions past their date"
      />
    </dl>
  );
}

/** The member's own track record on the dashboard: private predictions included (issue 26). */
export function MyTrackRecord() {
  const { data } = useMyTrackRecord();
  if (!data) return null;
  const record = data.track_record;
  return (
    <section aria-labelledby="track-title" className="grid gap-6 lg:grid-cols-2">
      <Card padding="lg" className="min-w-0" data-testid="track-record">
        <h2 id="track-title" className="text-lg font-semibold text-ink-900">
          Track Record
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          How your resolved predictions turned out, private ones included. Others see only your public ones.{' '}
          <Link to="/leaderboard" className="font-semibold text-brand-700 hover:underline">
            See the leaderboard
          </Link>
        </p>
        <div className="mt-4">
          <TrackRecordFigures record={record} />
        </div>
      </Card>
      <CalibrationChart calibration={record.calibration} brier={record.brier} scored={record.scored} />
    </section>
  );
}
