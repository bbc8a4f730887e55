import { isoDay } from '#shared/rules/resolve-by.ts';
import { RESOLUTION_LIMITS } from '#shared/schemas/resolution.ts';
import type { Resolution } from '#shared/schemas/resolution-state.ts';
import type { StoredResolution } from './resolution.repository.ts';

/**
 * The `resolution` object of a prediction reply: open (no date, or the date not yet passed), due
 * (past its resolve-by day, in UTC, and unresolved) or resolved.
 */
export function resolutionView(
  targetDate: string | null,
  stored: StoredResolution | null | undefined,
  now: Date,
): Resolution {
  if (!stored) {
    return {
      status: targetDate !== null && targetDate < isoDay(now) ? 'due' : 'open',
      outcome: null,
      resolved_at: null,
      evidence_url: null,
      note: null,
      agree: 0,
      disagree: 0,
      disputed: false,
      editable_until: null,
    };
  }
  const until = Date.parse(stored.firstResolvedAt) + RESOLUTION_LIMITS.changeWindowMs;
  return {
    status: 'resolved',
    outcome: stored.outcome,
    resolved_at: stored.resolvedAt,
    evidence_url: stored.evidenceUrl,
    note: stored.note,
    agree: stored.agree,
    disagree: stored.disagree,
    disputed: stored.disputed,
    editable_until: now.getTime() < until ? new Date(until).toISOString() : null,
  };
}
