import { CONFIDENCE_RANGE } from '#shared/rules/resolve-by.ts';
import { resolveByIssue } from '#shared/schemas/predictions.ts';
import { useId } from 'react';
import { cn } from '#web/lib/cn.ts';
import { longDate, type ResolveByChoice, resolveByBounds } from '../lib/forecast';

const linkButton =
  'rounded text-xs font-semibold text-brand-700 underline-offset-4 hover:underline disabled:text-ink-400';

/**
 * 'Resolve by' (issue 26): the date read from the text as it is typed, which the member may change
 * or clear. Left alone, nothing is sent and the server stores the same proposal.
 */
export function ResolveByField({
  choice,
  proposal,
  onChange,
}: {
  choice: ResolveByChoice;
  /** The date read from the text, or null. */
  proposal: string | null;
  onChange: (choice: ResolveByChoice) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const { min, max } = resolveByBounds();
  const value = choice.mode === 'manual' ? choice.value : choice.mode === 'auto' ? (proposal ?? '') : '';
  const issue = choice.mode === 'manual' ? resolveByIssue(choice.value) : null;
  const hint =
    choice.mode === 'auto'
      ? proposal
        ? `Read from your text: ${longDate(proposal)}. Change it if you meant another day.`
        : 'Add a time frame to your text ("by 2028") or pick a day.'
      : choice.mode === 'none'
        ? 'No resolve-by date: it stays open until you resolve it.'
        : `You will be reminded to resolve it after ${longDate(choice.value)}.`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        Resolve by <span className="font-normal text-ink-500">(optional)</span>
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <input
          id={id}
          name="resolve_by"
          type="date"
          min={min}
          max={max}
          value={value}
          aria-describedby={hintId}
          aria-invalid={issue ? true : undefined}
          onChange={(e) =>
            onChange(e.target.value ? { mode: 'manual', value: e.target.value } : { mode: 'none' })
          }
          className={cn(
            'block rounded-xl border-0 bg-white px-3 py-2 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-ink-50',
            issue && 'ring-red-500',
          )}
        />
        {value ? (
          <button type="button" className={linkButton} onClick={() => onChange({ mode: 'none' })}>
            Clear date
          </button>
        ) : null}
        {choice.mode !== 'auto' && proposal ? (
          <button type="button" className={linkButton} onClick={() => onChange({ mode: 'auto' })}>
            Use {longDate(proposal)}
          </button>
        ) : null}
      </div>
      <p id={hintId} className={cn('mt-1.5 text-xs', issue ? 'text-red-700' : 'text-ink-600')}>
        {issue ?? hint}
      </p>
    </div>
  );
}

const DEFAULT_CONFIDENCE = 70;

/** 'How sure are you?' (issue 26): off by default; on, a slider from 50% to 99%. */
export function ConfidenceField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  const on = value !== null;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={on}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_CONFIDENCE : null)}
          className="size-4 accent-brand-600"
        />
        <label htmlFor={`${id}-on`} className="text-sm font-semibold text-ink-900">
          How sure are you? <span className="font-normal text-ink-500">(optional)</span>
        </label>
      </div>
      {on ? (
        <div className="mt-2 flex items-center gap-3">
          <input
            id={id}
            name="confidence"
            type="range"
            min={CONFIDENCE_RANGE.min}
            max={CONFIDENCE_RANGE.max}
            step={1}
            value={value}
            aria-label="Confidence"
            aria-valuetext={`${value}% sure`}
            onChange={(e) => onChange(Number(e.target.value))}
            className="h-2 min-w-0 flex-1 accent-brand-600"
          />
          <output htmlFor={id} className="w-12 text-right text-sm font-semibold text-ink-900 tabular-nums">
            {value}%
          </output>
        </div>
      ) : null}
      <p className="mt-1.5 text-xs text-ink-600">
        {on
          ? 'Scored with the Brier score once it is resolved: honest numbers build your track record.'
          : 'Add a probability to be scored on calibration when it resolves.'}
      </p>
    </div>
  );
}
