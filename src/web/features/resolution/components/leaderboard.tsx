import { Link } from 'react-router';
import { CalibrationChart } from '#web/components/charts/calibration-chart.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCommunityResolution } from '../api/get-community-resolution';
import { useLeaderboard } from '../api/get-leaderboard';

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

/** Members ranked by Brier score over their public resolutions (issue 26), and the community's calibration. */
export function Leaderboard() {
  const board = useLeaderboard();
  const community = useCommunityResolution();
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card as="section" aria-labelledby="board-title" padding="lg" className="min-w-0 lg:col-span-3">
        <h2 id="board-title" className="text-lg font-semibold text-ink-900">
          Best calibrated forecasters
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          Members with at least {board.data?.min_scored ?? 10} resolved public predictions that carry a
          confidence, lowest Brier score first.
        </p>
        <div className="mt-5">
          {board.isPending ? (
            <div className="grid place-items-center py-10">
              <Spinner label="Loading the leaderboard..." />
            </div>
          ) : board.isError ? (
            <Alert
              variant="error"
              title="The leaderboard could not be loaded"
              actions={
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => void board.refetch()}
                >
                  Try Again
                </button>
              }
            />
          ) : board.data.entries.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title="Nobody qualifies yet"
              description="Resolve ten predictions that carry a confidence to be ranked."
            />
          ) : (
            <div className="-mx-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Leaderboard by Brier score</caption>
                <thead className="text-xs text-ink-600 uppercase">
                  <tr>
                    <th scope="col" className="px-2 py-2">
                      #
                    </th>
                    <th scope="col" className="px-2 py-2">
                      Member
                    </th>
                    <th scope="col" className="px-2 py-2 text-right">
                      Brier
                    </th>
                    <th scope="col" className="px-2 py-2 text-right">
                      Scored
                    </th>
                    <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">
                      Came true
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {board.data.entries.map((e) => (
                    <tr key={e.username}>
                      <td className="px-2 py-2 font-semibold text-ink-900 tabular-nums">{e.rank}</td>
                      <th scope="row" className="px-2 py-2 font-medium text-ink-900">
                        <span className="inline-flex flex-wrap items-center gap-2">
                          <Link to={`/u/${encodeURIComponent(e.username)}`} className="hover:underline">
                            {e.username}
                          </Link>
                          {e.is_demo ? <Badge variant="neutral">Demo</Badge> : null}
                        </span>
                      </th>
                      <td className="px-2 py-2 text-right font-semibold text-ink-900 tabular-nums">
                        {e.brier.toFixed(3)}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{e.scored}</td>
                      <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                        {pct(e.came_true_rate)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </Card>
      <div className="min-w-0 lg:col-span-2">
        {community.data ? (
          <CalibrationChart
            title="Community calibration"
            who="Community"
            calibration={community.data.track_record.calibration}
            brier={community.data.track_record.brier}
            scored={community.data.track_record.scored}
          />
        ) : null}
      </div>
    </div>
  );
}
