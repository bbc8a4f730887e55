import type { CategoryActivityReply, MomentumReply, TimingReply } from '#shared/schemas/analytics.ts';
import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { TargetIcon, TrendIcon } from '#web/components/ui/icons.tsx';
import { CompassIcon } from '#web/components/ui/page-icons.tsx';

function Insight({
  title,
  icon,
  figure,
  children,
}: {
  title: string;
  icon: ReactNode;
  figure: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card as="article" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-700 [&>svg]:size-5">
          {icon}
        </span>
        <h3 className="text-base font-semibold text-ink-900">{title}</h3>
      </div>
      <p className="text-2xl font-bold text-ink-900 tabular-nums">{figure}</p>
      <div className="text-sm leading-relaxed text-ink-600">{children}</div>
    </Card>
  );
}

/** The UTC peak hour in the reader's own time, e.g. "4 PM". */
function localHour(utcHour: number): string {
  const d = new Date();
  d.setUTCHours(utcHour, 0, 0, 0);
  return d.toLocaleTimeString(undefined, { hour: 'numeric' });
}

export function InsightCards({
  activity,
  momentum,
  timing,
}: {
  activity: CategoryActivityReply;
  momentum: MomentumReply;
  timing: TimingReply;
}) {
  const growth =
    momentum.growthRate === null
      ? momentum.trend === 'new'
        ? 'New'
        : '–'
      : momentum.growthRate >= 1000
        ? `${Math.round(momentum.recentCount / momentum.previousCount)}×`
        : `${momentum.growthRate > 0 ? '+' : ''}${momentum.growthRate}%`;
  return (
    <section aria-labelledby="insights-title" className="mt-10">
      <h2 id="insights-title" className="text-xl font-semibold text-ink-900">
        Insights
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Insight title="Category Activity Score" icon={<TargetIcon />} figure={`${activity.activityScore}%`}>
          <p>{activity.description}</p>
        </Insight>
        <Insight title="Category Momentum" icon={<TrendIcon />} figure={growth}>
          <p>{momentum.momentumText}</p>
        </Insight>
        <Insight title="Prediction Timing Patterns" icon={<CompassIcon />} figure={timing.peakDay}>
          <p>{timing.description}</p>
          {timing.peakHour !== null ? (
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-ink-500">Peak hour</dt>
              <dd className="text-ink-800">
                {timing.peakHourFormatted} ({localHour(timing.peakHour)} your time)
              </dd>
              <dt className="text-ink-500">Busiest period</dt>
              <dd className="text-ink-800">{timing.primaryPeriod} (UTC)</dd>
              <dt className="text-ink-500">Weekdays</dt>
              <dd className="text-ink-800">{timing.weekdayVsWeekend.weekdayPercentage}% of predictions</dd>
            </dl>
          ) : null}
        </Insight>
      </div>
    </section>
  );
}
