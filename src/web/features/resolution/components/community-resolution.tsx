import { Link } from 'react-router';
import { CalibrationChart } from '#web/components/charts/calibration-chart.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCommunityResolution } from '../api/get-community-resolution';
import { TrackRecordFigures } from './my-track-record';

/** The analytics page's 'Resolved predictions' figure and the community's calibration (issue 26). */
export function CommunityResolution() {
  const { data } = useCommunityResolution();
  if (!data) return null;
  const record = data.track_record;
  return (
    <section aria-labelledby="resolved-title" className="mt-10" data-testid="community-resolution">
      <h2 id="resolved-title" className="text-xl font-semibold text-ink-900">
        Resolved predictions
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Public predictions their authors resolved, all time: how many came true, and how well the community's
        confidence matched reality.{' '}
        <Link to="/leaderboard" className="font-semibold text-brand-700 hover:underline">
          See the leaderboard
        </Link>
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Card padding="lg" className="min-w-0">
          <TrackRecordFigures record={record} />
        </Card>
        <CalibrationChart
          title="Community calibration"
          who="Community"
          calibration={record.calibration}
          brier={record.brier}
          scored={record.scored}
        />
      </div>
    </section>
  );
}
