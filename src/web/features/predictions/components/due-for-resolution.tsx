import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import { longDate } from '../lib/forecast';

/** What another feature puts on a prediction for resolving it (the app composes the resolution feature's). */
export type ResolveAction = (prediction: MemberPrediction, options: { autoOpen: boolean }) => ReactNode;

/** A reminder mail links to /login?resolve=<id>: that prediction's dialog opens at once. */
const RESOLVE_PARAM = 'resolve';

/**
 * 'Due for resolution' (issue 26), first on the dashboard: the member's predictions past their
 * resolve-by date and unresolved, oldest date first, plus the one a reminder's link names.
 */
export function DueForResolution({
  predictions,
  resolveAction,
}: {
  predictions: readonly MemberPrediction[];
  resolveAction: ResolveAction;
}) {
  const [params] = useSearchParams();
  const linked = Number(params.get(RESOLVE_PARAM));
  const due = predictions
    .filter((p) => p.resolution.status === 'due' || p.id === linked)
    .sort((a, b) => (a.target_date ?? '').localeCompare(b.target_date ?? '') || a.id - b.id);
  if (due.length === 0) return null;
  return (
    <Card
      as="section"
      aria-labelledby="due-title"
      padding="lg"
      tone="default"
      data-testid="due-for-resolution"
    >
      <h2 id="due-title" className="text-lg font-semibold text-ink-900">
        Due for resolution
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        These predictions have passed their resolve-by date. Did they come true?
      </p>
      <ul className="mt-4 divide-y divide-ink-100">
        {due.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p dir="auto" className="break-words text-ink-900">
                {p.prediction_text}
              </p>
              <p className="mt-0.5 text-xs text-ink-600">
                {p.target_date ? `Due ${longDate(p.target_date)}` : 'No resolve-by date'}
                {p.confidence === null ? '' : ` · ${p.confidence}% sure`}
              </p>
            </div>
            {resolveAction(p, { autoOpen: p.id === linked })}
          </li>
        ))}
      </ul>
    </Card>
  );
}
