import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { ResolveAction } from './due-for-resolution';
import { PredictionCard } from './prediction-card';

/** SPEC.md §9 'Dashboard': 5 recent predictions. */
const RECENT_COUNT = 5;

/** The member's predictions: the latest 5, or all of them ('View All N Predictions' / 'Back to Recent'). */
export function PredictionList({
  predictions,
  expandable = true,
  resolveAction,
}: {
  predictions: readonly MemberPrediction[];
  /** Resolving, from another feature (composed by the app). */
  resolveAction?: ResolveAction | undefined;
  /** false: always all of them (the /my-predictions page). */
  expandable?: boolean;
}) {
  const [all, setAll] = useState(false);
  const shown = !expandable || all ? predictions : predictions.slice(0, RECENT_COUNT);
  return (
    <div>
      <ul className="space-y-3">
        {shown.map((p) => (
          <li key={p.id}>
            <PredictionCard prediction={p} actions={resolveAction?.(p, { autoOpen: false })} />
          </li>
        ))}
      </ul>
      {expandable && predictions.length > RECENT_COUNT ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? 'Back to Recent' : `View All ${predictions.length} Predictions`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
