import { plural } from '#shared/rules/numbers.ts';
import type { MemberStatsReply, Reliability } from '#shared/schemas/predictions.ts';
import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { dayLabel, monthYear, RELIABILITY_WORDS } from '../lib/display';

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card as="li" padding="sm" className="flex flex-col">
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</p>
      <p className="mt-2 text-3xl font-bold text-ink-900 tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-ink-600">{note}</p> : null}
    </Card>
  );
}

/** SPEC.md §2: Total Predictions, Categories Explored, Best Day, Member Since, Reliability Score. */
export function StatCards({
  stats,
  reliability,
  memberSince,
}: {
  stats: MemberStatsReply | undefined;
  reliability: Reliability | undefined;
  memberSince: string;
}) {
  const score = reliability?.overall_reliability_score ?? null;
  const loading = stats === undefined;
  const dash = loading ? '…' : '0';
  return (
    <ul aria-label="Your statistics" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <Stat label="Total Predictions" value={stats?.totalPredictions ?? dash} />
      <Stat label="Categories Explored" value={stats?.categoriesExplored ?? dash} note="of 10 categories" />
      <Stat
        label="Best Day"
        value={stats?.bestDay?.count ?? dash}
        note={
          stats?.bestDay
            ? `${plural(stats.bestDay.count, 'prediction')} on ${dayLabel(stats.bestDay.date)}`
            : 'predictions'
        }
      />
      <Stat label="Member Since" value={<span className="text-xl">{monthYear(memberSince)}</span>} />
      <Stat
        label="Reliability Score"
        value={score === null ? 'N/A' : Math.round(score)}
        note={
          score === null
            ? 'Publish a prediction to get one'
            : `Max 100 · ${reliability?.label ? RELIABILITY_WORDS[reliability.label] : ''}`
        }
      />
    </ul>
  );
}
