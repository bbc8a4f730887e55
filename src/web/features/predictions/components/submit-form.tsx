import { proposeResolveBy } from '#shared/rules/resolve-by.ts';
import {
  type MemberPrediction,
  PREDICTION_LIMITS,
  PREDICTION_MESSAGES,
  predictionTextIssue,
  resolveByIssue,
  type SubmitPredictionReply,
} from '#shared/schemas/predictions.ts';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { UsersIcon } from '#web/components/ui/icons.tsx';
import { LockIcon } from '#web/components/ui/page-icons.tsx';
import { cn } from '#web/lib/cn.ts';
import { clearSession, readToken } from '#web/lib/token-storage.ts';
import { useSubmitPrediction } from '../api/submit-prediction';
import { counterState } from '../lib/display';
import { clearDraft, readDraft, refillOf, saveDraft } from '../lib/draft';
import { type ResolveByChoice, resolveByField } from '../lib/forecast';
import { type SubmitErrorView, submitErrorView } from '../lib/submit-errors';
import { CategoryGrid } from './category-grid';
import { CategorySuggestions, useCategorySuggestions } from './category-suggestions';
import { ConfidenceField, ResolveByField } from './forecast-fields';
import { LaunchSuccess } from './launch-success';
import { QualityCoach } from './quality-coach';

/** SPEC.md §9 'Reload delay after success': the form behind the success screen empties then. */
const RESET_AFTER_SUCCESS_MS = 2_000;
/** How long a redirect to /login waits, so the reason can be read first. */
const REDIRECT_DELAY_MS = 1_500;

type FlaggedNotice = { message: string; warning: string; suggestions: string[] };

const counterStyles = {
  normal: 'text-ink-500',
  warning: 'text-amber-700 font-semibold',
  danger: 'text-red-700 font-semibold',
} as const;

/**
 * The prediction form (SPEC.md §2, §4, §5, §8). Guests see it disabled; members write, pick up to
 * three categories (or take a suggestion), choose Public or Private and launch.
 */
export function SubmitForm({
  signedIn,
  memberId = null,
}: {
  signedIn: boolean;
  /** Whose draft to keep (null: none is kept). */
  memberId?: number | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useSubmitPrediction();
  // 'Create Better Prediction' opens the form with the old prediction in it; it then becomes the
  // draft, in place of any other.
  const [refill] = useState(() => refillOf(location.state));
  const [text, setText] = useState(refill?.text ?? '');
  const [categories, setCategories] = useState<string[]>(refill?.categories ?? []);
  const [isPublic, setIsPublic] = useState(refill?.isPublic ?? true);
  const [draftFor, setDraftFor] = useState<number | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [suggestionsHidden, setSuggestionsHidden] = useState(false);
  const [launched, setLaunched] = useState<MemberPrediction | null>(null);
  const [flagged, setFlagged] = useState<FlaggedNotice | null>(null);
  const [error, setError] = useState<SubmitErrorView | null>(null);
  const [resolveBy, setResolveBy] = useState<ResolveByChoice>({ mode: 'auto' });
  const [confidence, setConfidence] = useState<number | null>(null);
  // The resolve-by date read from the text, as it is typed (the server reads the same).
  const proposal = useMemo(() => proposeResolveBy(text, new Date()), [text]);
  const timers = useRef<number[]>([]);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const suggestions = useCategorySuggestions(text, categories);
  const ids = { text: useId(), counter: useId() };

  const cancelTimers = () => {
    for (const t of timers.current) window.clearTimeout(t);
    timers.current = [];
  };
  useEffect(() => cancelTimers, []);
  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  // The member's draft comes back once their id is known (at once from the token), and every
  // change is kept until the prediction is published.
  useEffect(() => {
    if (memberId === null || draftFor === memberId) return;
    const draft = draftFor === null && refill ? refill : readDraft(memberId);
    if (draft) {
      setText(draft.text);
      setCategories(draft.categories);
      setIsPublic(draft.isPublic);
    }
    setDraftFor(memberId);
  }, [memberId, draftFor, refill]);
  // Taken once: a reload keeps the draft as edited, not the refill that started it.
  useEffect(() => {
    if (refill) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [refill, navigate, location.pathname, location.search]);
  useEffect(() => {
    if (draftFor !== null && draftFor === memberId) saveDraft(draftFor, { text, categories, isPublic });
  }, [draftFor, memberId, text, categories, isPublic]);
  const hasDraft = text.trim() !== '' || categories.length > 0;

  const reset = () => {
    setText('');
    setCategories([]);
    setIsPublic(true);
    setLimitHit(false);
    setSuggestionsHidden(false);
    setResolveBy({ mode: 'auto' });
    setConfidence(null);
  };

  const toggle = (category: string) => {
    setCategories((current) => {
      if (current.includes(category)) {
        setLimitHit(false);
        return current.filter((c) => c !== category);
      }
      if (current.length >= PREDICTION_LIMITS.maxCategories) {
        setLimitHit(true);
        return current;
      }
      return [...current, category];
    });
  };

  const pickSuggestion = (category: string) => {
    if (!categories.includes(category)) toggle(category);
    setSuggestionsHidden(true);
  };

  const fail = (view: SubmitErrorView) => {
    setError(view);
    if (view.signOut) {
      clearSession();
      // A full load, so the whole app forgets the session.
      later(REDIRECT_DELAY_MS, () => window.location.assign('/login'));
    }
  };

  const onSuccess = (reply: SubmitPredictionReply) => {
    if (memberId !== null) clearDraft(memberId);
    if (reply.prediction.flagged) {
      setFlagged({
        message: reply.message,
        warning: reply.details?.warning ?? '',
        suggestions: reply.details?.suggestions ?? [],
      });
      // Published all the same: the form empties at once, so the same text is not sent twice
      // (SPEC.md's 5 s reset left it there to be launched again); the notice stays.
      reset();
      return;
    }
    setLaunched(reply.prediction);
    later(RESET_AFTER_SUCCESS_MS, reset);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFlagged(null);
    if (!signedIn) {
      setError({ message: PREDICTION_MESSAGES.notLoggedIn, lines: [], signOut: false });
      later(REDIRECT_DELAY_MS, () => navigate('/login'));
      return;
    }
    if (!readToken()) {
      setError({ message: PREDICTION_MESSAGES.tokenMissing, lines: [], signOut: false });
      later(REDIRECT_DELAY_MS, () => window.location.assign('/login'));
      return;
    }
    const issue =
      predictionTextIssue(text) ?? (resolveBy.mode === 'manual' ? resolveByIssue(resolveBy.value) : null);
    if (issue) {
      setError({ message: issue, lines: [], signOut: false });
      return;
    }
    mutation.mutate(
      {
        prediction_text: text.trim(),
        categories: categories.length ? categories.join(',') : null,
        visibility: isPublic,
        ...resolveByField(resolveBy),
        ...(confidence === null ? {} : { confidence }),
      },
      { onSuccess, onError: (e) => fail(submitErrorView(e)) },
    );
  };

  const sending = mutation.isPending;
  const state = counterState(text.length);
  const label = !signedIn ? 'Login Required to Submit' : 'Launch Prediction';

  return (
    <Card as="section" aria-labelledby="form-title" padding="lg">
      {launched ? (
        <LaunchSuccess
          prediction={launched}
          returnFocus={textArea}
          onClose={() => {
            // Closed before the 2 s reset: empty the form now, and not again under new typing.
            cancelTimers();
            setLaunched(null);
            reset();
          }}
        />
      ) : null}
      <h2 id="form-title" className="text-lg font-semibold text-ink-900">
        Your prediction
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-5">
        <fieldset disabled={!signedIn} className="space-y-7 disabled:opacity-70">
          <legend className="sr-only">Prediction details</legend>
          <div>
            <label htmlFor={ids.text} className="block text-sm font-semibold text-ink-900">
              What do you see coming?
            </label>
            <textarea
              ref={textArea}
              id={ids.text}
              dir="auto"
              name="prediction_text"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSuggestionsHidden(false);
              }}
              maxLength={PREDICTION_LIMITS.maxRaw}
              rows={5}
              aria-describedby={ids.counter}
              placeholder="e.g. By 2030, more than half of new cars sold in Europe will be electric."
              className="mt-2 block w-full resize-y rounded-xl border-0 bg-white px-4 py-3 text-base text-ink-900 ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-ink-50"
            />
            <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2 text-xs">
              <span className="text-ink-500">
                10 to 500 characters. Be specific, measurable and time-bound.
                {signedIn && hasDraft ? (
                  <>
                    {' '}
                    Draft saved on this device.{' '}
                    <button
                      type="button"
                      onClick={reset}
                      className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline"
                    >
                      Discard draft
                    </button>
                  </>
                ) : null}
              </span>
              <span id={ids.counter} data-state={state} className={cn('tabular-nums', counterStyles[state])}>
                {text.length}/{PREDICTION_LIMITS.maxRaw}
                {state === 'warning' ? (
                  <span className="sr-only"> characters, approaching the limit</span>
                ) : null}
                {state === 'danger' ? <span className="sr-only"> characters, limit reached</span> : null}
              </span>
            </div>
          </div>

          {signedIn ? <QualityCoach text={text} categories={categories} /> : null}

          {signedIn && !suggestionsHidden ? (
            <CategorySuggestions suggestions={suggestions} onPick={pickSuggestion} />
          ) : null}

          <fieldset>
            <legend className="text-sm font-semibold text-ink-900">
              Categories <span className="font-normal text-ink-500">(up to 3, optional)</span>
            </legend>
            <div className="mt-2">
              <CategoryGrid selected={categories} onToggle={toggle} limitHit={limitHit} />
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-semibold text-ink-900">Visibility</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {[
                { value: true, title: 'Public', text: 'Everyone can see and discuss it', Icon: UsersIcon },
                { value: false, title: 'Private', text: 'Only you can see it', Icon: LockIcon },
              ].map(({ value, title, text: hint, Icon }) => (
                <label
                  key={title}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-inset transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    isPublic === value
                      ? 'bg-brand-50 ring-brand-300'
                      : 'bg-white ring-ink-200 hover:bg-ink-50',
                  )}
                >
                  <input
                    type="radio"
                    name="visibility"
                    checked={isPublic === value}
                    onChange={() => setIsPublic(value)}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  <span>
                    <span className="block text-sm font-semibold text-ink-900">{title}</span>
                    <span className="block text-xs text-ink-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-6 sm:grid-cols-2">
            <ResolveByField choice={resolveBy} proposal={proposal} onChange={setResolveBy} />
            <ConfidenceField value={confidence} onChange={setConfidence} />
          </div>
        </fieldset>

        <div className="mt-7 space-y-4">
          {error ? (
            <Alert variant="error" onDismiss={() => setError(null)}>
              <p>{error.message}</p>
              {error.duplicateOf ? (
                <p className="mt-2">
                  <Link
                    to={`/p/${error.duplicateOf}`}
                    className="font-semibold underline underline-offset-4 hover:no-underline"
                  >
                    See the existing prediction
                  </Link>
                </p>
              ) : null}
              {error.lines.length ? (
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {error.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          {flagged ? (
            <Alert variant="warning" title={flagged.message} onDismiss={() => setFlagged(null)}>
              {flagged.warning ? <p>{flagged.warning}</p> : null}
              {flagged.suggestions.length ? (
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {flagged.suggestions.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={sending}
            loadingText="Publishing Prediction..."
            disabled={!signedIn || text.trim().length === 0}
          >
            {label}
          </Button>
        </div>
      </form>
    </Card>
  );
}
