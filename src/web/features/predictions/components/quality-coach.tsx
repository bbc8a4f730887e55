import type { PreviewReply, QualityTier } from '#shared/schemas/predictions.ts';
import { useEffect, useState } from 'react';
import { SparklesIcon, WarningIcon } from '#web/components/ui/icons.tsx';
import { cn } from '#web/lib/cn.ts';
import { usePredictionPreview } from '../api/preview-prediction';
import { longDate } from '../lib/forecast';

/** Issue 26: the coach starts after 30 characters, 500 ms after typing stops. */
const COACH_MIN_LENGTH = 30;
const COACH_DEBOUNCE_MS = 500;

/** SPEC.md §3 'Quality tiers'. */
const TIER: Record<QualityTier, { label: string; tone: string }> = {
  high: { label: 'High Quality', tone: 'text-emerald-800 bg-emerald-50 ring-emerald-200' },
  good: { label: 'Good Quality', tone: 'text-sky-800 bg-sky-50 ring-sky-200' },
  fair: { label: 'Fair Quality', tone: 'text-amber-800 bg-amber-50 ring-amber-200' },
  needs_improvement: { label: 'Needs Improvement', tone: 'text-red-800 bg-red-50 ring-red-200' },
};

/** `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Reasons({ reasons }: { reasons: PreviewReply['reasons'] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {reasons.map((r) => (
        <li key={r.code} className="flex items-baseline justify-between gap-3">
          <span className="text-ink-800">{r.label}</span>
          <span
            className={cn(
              'shrink-0 font-semibold tabular-nums',
              r.effect > 0 ? 'text-emerald-700' : 'text-red-700',
            )}
          >
            {r.effect > 0 ? '+' : '−'}
            {Math.abs(Math.round(r.effect))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The quality coach (issue 26): what the member would get if they published the text now, from
 * the server's own engine (POST /api/predictions/preview). Lives only on the submit screen.
 */
export function QualityCoach({ text, categories }: { text: string; categories: readonly string[] }) {
  const trimmed = text.trim();
  const body = useSettled(
    trimmed.length >= COACH_MIN_LENGTH
      ? JSON.stringify({
          prediction_text: trimmed,
          categories: categories.length ? categories.join(',') : null,
        })
      : null,
    COACH_DEBOUNCE_MS,
  );
  const preview = usePredictionPreview(body ? JSON.parse(body) : null);
  if (trimmed.length < COACH_MIN_LENGTH || !body) return null;
  const data = preview.data;
  return (
    <section
      aria-labelledby="coach-title"
      aria-live="polite"
      aria-busy={preview.isFetching}
      data-testid="quality-coach"
      className="rounded-xl bg-ink-50 p-4 ring-1 ring-ink-200 ring-inset"
    >
      <h3 id="coach-title" className="flex items-center gap-2 text-sm font-semibold text-ink-900">
        <SparklesIcon className="size-4 text-brand-600" />
        If you published now
      </h3>
      {preview.isError && !data ? (
        <p className="mt-2 text-sm text-ink-600">The quality check is not available right now.</p>
      ) : !data ? (
        <p className="mt-2 text-sm text-ink-600">Checking your prediction…</p>
      ) : (
        <div className={cn('mt-2 transition-opacity', preview.isPlaceholderData && 'opacity-60')}>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold text-ink-900 tabular-nums">{data.quality_percent}%</span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                TIER[data.tier].tone,
              )}
            >
              {TIER[data.tier].label}
            </span>
          </p>
          {data.flag ? (
            <p className="mt-2 flex items-start gap-1.5 text-sm text-red-800">
              <WarningIcon className="mt-0.5 size-4 shrink-0" />
              <span>
                {data.rejected ? 'Would not be published: ' : 'Would be flagged: '}
                {data.flag.reason}
              </span>
            </p>
          ) : null}
          {data.reasons.length ? <Reasons reasons={data.reasons} /> : null}
          <p className="mt-2 text-xs text-ink-600">
            {data.proposed_resolve_by
              ? `Resolve-by date read from your text: ${longDate(data.proposed_resolve_by)}.`
              : 'No date in your text yet: a time frame makes it checkable.'}
          </p>
        </div>
      )}
    </section>
  );
}
