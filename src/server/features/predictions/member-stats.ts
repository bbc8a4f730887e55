import type { CategoryShare, DailyActivity, MemberStatsReply } from '#shared/schemas/predictions.ts';
import type { TrackRecord } from '#shared/schemas/resolution.ts';
import type { ActivityRow } from './predictions.repository.ts';
import { memberReliability } from './reliability.ts';
import { utcDayHour } from './rollups.ts';

// The member's dashboard figures (SPEC.md §3 'Member stats response'), from their own rows only.

const DAILY_ACTIVITY_DAYS = 30;
const DAY_MS = 86_400_000;

/** The last `days` UTC days ending today, oldest first, with zero for days without predictions. */
export function lastDays(counts: ReadonlyMap<string, number>, now: Date, days = DAILY_ACTIVITY_DAYS) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const out: DailyActivity[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    out.push({ date, count: counts.get(date) ?? 0 });
  }
  return out;
}

export function countsByDay(rows: readonly Pick<ActivityRow, 'createdAt'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const { day } = utcDayHour(r.createdAt);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function memberStats(
  rows: readonly ActivityRow[],
  now: Date,
  memberSince: string,
  /** The member's own track record (private predictions included), which the reliability blends in. */
  track?: TrackRecord,
): Omit<MemberStatsReply, 'success'> {
  const perCategory = new Map<string, number>();
  let flagged = 0;
  let publicCount = 0;
  let scored = 0;
  let scoreSum = 0;
  let textQualitySum = 0;
  for (const r of rows) {
    for (const c of r.categories) perCategory.set(c, (perCategory.get(c) ?? 0) + 1);
    if (r.isFlagged) flagged++;
    if (r.isPublic) publicCount++;
    if (r.reliabilityScore !== null) {
      scored++;
      scoreSum += r.reliabilityScore;
      textQualitySum += r.textQualityScore ?? r.reliabilityScore / 100;
    }
  }
  const tags = [...perCategory.values()].reduce((a, b) => a + b, 0);
  const categoryDistribution: CategoryShare[] = [...perCategory]
    .map(([category, count]) => ({ category, count, percentage: round1((count / tags) * 100) }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));

  const byDay = countsByDay(rows);
  let bestDay: DailyActivity | null = null;
  for (const [date, count] of byDay) {
    // The most predictions in one day; the latest such day on a tie.
    if (!bestDay || count > bestDay.count || (count === bestDay.count && date > bestDay.date)) {
      bestDay = { date, count };
    }
  }

  return {
    totalPredictions: rows.length,
    categoryDistribution,
    dailyActivity: lastDays(byDay, now),
    flaggedCount: flagged,
    user_reliability: memberReliability(
      {
        total: rows.length,
        flagged,
        scored,
        scoreSum,
        textQualitySum,
      },
      track,
    ),
    categoriesExplored: perCategory.size,
    bestDay,
    publicCount,
    privateCount: rows.length - publicCount,
    averageScore: scored > 0 ? round1(scoreSum / scored) : null,
    memberSince,
  };
}
