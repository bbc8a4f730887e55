import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import { type RefObject, useRef } from 'react';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { CheckCircleIcon } from '#web/components/ui/icons.tsx';
import { Takeover } from '#web/components/ui/takeover.tsx';
import { analysisHighlights } from '../lib/display';

/**
 * The full-screen 'Prediction Launched!' moment (SPEC.md §2), with what the analysis found: the
 * quality percent, the two reasons or tips that matter most, and the way to the prediction's page.
 * It stays until the member leaves it (SPEC's 2 s left no time to read or follow it); the form
 * behind it still empties after 2 s. A private prediction was shared with nobody, and is not said
 * to be.
 */
export function LaunchSuccess({
  prediction,
  onClose,
  returnFocus,
}: {
  prediction: MemberPrediction;
  onClose: () => void;
  /** Where focus goes when it closes (the form's text area). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const seeIt = useRef<HTMLAnchorElement>(null);
  const isPublic = prediction.visibility;
  const score = prediction.reliability_score;
  const highlights = analysisHighlights(prediction);
  return (
    <Takeover
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      initialFocus={seeIt}
      returnFocus={returnFocus}
      icon={<CheckCircleIcon className="mx-auto mb-6 size-20 text-emerald-300" />}
      title={isPublic ? 'Prediction Launched!' : 'Prediction Saved!'}
      description={
        isPublic
          ? 'Your vision of the future has been shared with the world'
          : 'Your vision of the future is saved privately: only you can see it'
      }
    >
      <div className="mt-8 rounded-2xl bg-white/10 p-5 text-left ring-1 ring-white/20">
        <p className="flex items-baseline justify-between gap-4">
          <span className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Quality</span>
          <span className="text-3xl font-bold tabular-nums" data-testid="launch-quality">
            {score === null ? 'Analyzing...' : `${score}%`}
          </span>
        </p>
        {highlights.length ? (
          <ul
            className="mt-3 space-y-2 border-t border-white/20 pt-3 text-sm"
            aria-label="What the analysis found"
          >
            {highlights.map((h) => (
              <li key={h.text} className="flex justify-between gap-4">
                <span className="text-brand-50">
                  {h.kind === 'tip' ? <span className="font-semibold text-white">Tip: </span> : null}
                  {h.text}
                </span>
                {h.kind === 'reason' ? (
                  <span
                    className={
                      h.effect > 0 ? 'font-semibold text-emerald-300' : 'font-semibold text-amber-200'
                    }
                  >
                    {h.effect > 0 ? '+' : '−'}
                    {Math.abs(h.effect)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <Button variant="inverse" size="lg" onClick={onClose}>
          Write Another
        </Button>
        <ButtonLink ref={seeIt} to={`/p/${prediction.id}`} variant="light" size="lg">
          See your prediction
        </ButtonLink>
      </div>
    </Takeover>
  );
}
