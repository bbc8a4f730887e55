import type { MemberPrediction } from '#shared/schemas/predictions.ts';
import { RESOLUTION_LIMITS } from '#shared/schemas/resolution.ts';
import type { Outcome } from '#shared/schemas/resolution-state.ts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useResolvePrediction } from '../api/resolve-prediction';

const OUTCOMES: { value: Outcome; label: string; hint: string; tone: string }[] = [
  {
    value: 'yes',
    label: 'Yes, it came true',
    hint: 'It happened as predicted',
    tone: 'bg-emerald-700 hover:bg-emerald-800 text-white',
  },
  {
    value: 'no',
    label: 'No, it did not',
    hint: 'It did not happen',
    tone: 'bg-red-700 hover:bg-red-800 text-white',
  },
  {
    value: 'ambiguous',
    label: 'Ambiguous',
    hint: 'Cannot be judged either way',
    tone: 'bg-white text-ink-900 ring-1 ring-ink-300 hover:bg-ink-50',
  },
];

/** The query parameter a reminder mail's link carries: /login?resolve=<id> opens this dialog. */
const RESOLVE_PARAM = 'resolve';

const field =
  'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600';

/** Can the author still set or change it? (Unresolved, within 24 hours, or disputed.) */
const canResolve = (p: MemberPrediction) =>
  p.resolution.status !== 'resolved' || p.resolution.editable_until !== null || p.resolution.disputed;

/**
 * 'Resolve' on one of the member's predictions (issue 26): two clicks for the common case (Resolve,
 * then Yes or No); evidence and a note are optional. Changeable for 24 hours, then final.
 */
export function ResolveButton({
  prediction: p,
  autoOpen = false,
}: {
  prediction: MemberPrediction;
  autoOpen?: boolean;
}) {
  const [open, setOpen] = useState(autoOpen);
  const [params, setParams] = useSearchParams();
  const [evidence, setEvidence] = useState(p.resolution.evidence_url ?? '');
  const [note, setNote] = useState(p.resolution.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const mutation = useResolvePrediction();
  const ids = { evidence: useId(), note: useId() };
  if (!canResolve(p)) return null;
  const resolved = p.resolution.status === 'resolved';

  const close = (next: boolean) => {
    setOpen(next);
    if (!next && params.has(RESOLVE_PARAM)) {
      const rest = new URLSearchParams(params);
      rest.delete(RESOLVE_PARAM);
      setParams(rest, { replace: true });
    }
  };
  const choose = (outcome: Outcome) => {
    setError(null);
    mutation.mutate(
      { id: p.id, body: { outcome, evidence_url: evidence.trim() || null, note: note.trim() || null } },
      {
        onSuccess: () => close(false),
        onError: (e) =>
          setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.'),
      },
    );
  };

  return (
    <>
      <Button
        size="sm"
        variant={resolved ? 'ghost' : p.resolution.status === 'due' ? 'primary' : 'secondary'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {resolved ? 'Change resolution' : 'Resolve'}
      </Button>
      <Modal
        open={open}
        onOpenChange={close}
        title={resolved ? 'Change the resolution' : 'Did it come true?'}
        description={
          resolved
            ? 'You can change a resolution within 24 hours of making it (or while the community disputes it).'
            : 'Resolving builds your track record. You can change it within 24 hours.'
        }
        hideCloseButton={mutation.isPending}
      >
        <blockquote
          dir="auto"
          className="rounded-xl bg-ink-50 p-3 text-sm leading-relaxed text-ink-900 ring-1 ring-ink-200"
        >
          {p.prediction_text}
        </blockquote>
        <div className="mt-4 grid gap-3">
          <div>
            <label htmlFor={ids.evidence} className="text-sm font-medium text-ink-900">
              Evidence link <span className="font-normal text-ink-500">(optional, https)</span>
            </label>
            <input
              id={ids.evidence}
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={RESOLUTION_LIMITS.evidenceUrlMax}
              value={evidence}
              onChange={(e) => setEvidence(e.target.value)}
              className={field}
            />
          </div>
          <div>
            <label htmlFor={ids.note} className="text-sm font-medium text-ink-900">
              Note <span className="font-normal text-ink-500">(optional)</span>
            </label>
            <textarea
              id={ids.note}
              rows={2}
              maxLength={RESOLUTION_LIMITS.noteMax}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className={cn(field, 'resize-y')}
            />
          </div>
        </div>
        {error ? (
          <Alert variant="error" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <fieldset className="mt-5 grid gap-2 sm:grid-cols-3">
          <legend className="sr-only">Outcome</legend>
          {OUTCOMES.map((o) => (
            <button
              key={o.value}
              type="button"
              disabled={mutation.isPending}
              aria-pressed={resolved ? p.resolution.outcome === o.value : undefined}
              onClick={() => choose(o.value)}
              className={cn(
                'rounded-xl px-3 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
                o.tone,
              )}
            >
              {o.label}
              <span className="block text-xs font-normal">{o.hint}</span>
            </button>
          ))}
        </fieldset>
      </Modal>
    </>
  );
}
