import { FEEDBACK_MESSAGES as MSG } from '#shared/rules/community-messages.ts';
import { faqFeedbackEmailProblem } from '#shared/rules/faq-feedback.ts';
import { useEffect, useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { useSendFaqFeedback } from '../api/send-faq-feedback';

// SPEC.md §2 item 8, §4 'FAQ', §5 'FAQ feedback': email required for a dislike, the comment box
// only for a dislike, a weekly-analytics checkbox; closes on an outside click and 2 s after
// success; 'Failed to submit feedback' on error. Loaded on first use.

const FEEDBACK_CLOSE_MS = 2_000;

export interface FeedbackTarget {
  faqIndex: number;
  faqQuestion: string;
  feedbackType: 'like' | 'dislike';
}

export default function FeedbackPopup({
  target,
  memberEmail = null,
  onClose,
}: {
  target: FeedbackTarget | null;
  /** A signed-in member is not asked for the address the product already has. */
  memberEmail?: string | null;
  onClose: () => void;
}) {
  const send = useSendFaqFeedback();
  const [email, setEmail] = useState('');
  const [comment, setComment] = useState('');
  const [subscribe, setSubscribe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const ids = { email: useId(), comment: useId(), subscribe: useId() };
  const dislike = target?.feedbackType === 'dislike';

  // A new question resets the form.
  const key = target ? `${target.faqIndex}-${target.feedbackType}` : '';
  useEffect(() => {
    setEmail('');
    setComment('');
    setSubscribe(false);
    setError(null);
    setDone(false);
    send.reset();
  }, [key]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, FEEDBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);

  const submit = () => {
    if (!target) return;
    const address = memberEmail ?? email.trim();
    // The same rule the server applies: a ticked opt-in with no email is said, not dropped.
    const problem = faqFeedbackEmailProblem(target.feedbackType, address, subscribe);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    send.mutate(
      {
        ...target,
        userEmail: address || null,
        userComment: dislike ? comment.trim() || null : null,
        subscribeToAnalytics: subscribe,
      },
      { onSuccess: () => setDone(true), onError: () => setError(MSG.feedbackFailed) },
    );
  };

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={dislike ? 'Help us improve this answer' : 'Glad it helped!'}
      description={target?.faqQuestion}
      size="sm"
      footer={
        done ? null : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="faq-feedback-form" loading={send.isPending} loadingText="Sending...">
              Send Feedback
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          {MSG.feedbackThanks}
        </p>
      ) : (
        <form
          id="faq-feedback-form"
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {memberEmail ? (
            <p className="text-sm text-ink-600">
              We will use your account's email,{' '}
              <span className="font-medium text-ink-800">{memberEmail}</span>.
            </p>
          ) : (
            <div>
              <label htmlFor={ids.email} className="block text-sm font-medium text-ink-800">
                Email {dislike ? '(required)' : '(optional)'}
              </label>
              <input
                id={ids.email}
                type="email"
                autoComplete="email"
                value={email}
                required={dislike}
                aria-invalid={(error !== null && error !== MSG.feedbackFailed) || undefined}
                onChange={(e) => setEmail(e.target.value)}
                className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-sm ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
              />
            </div>
          )}
          {dislike ? (
            <div>
              <label htmlFor={ids.comment} className="block text-sm font-medium text-ink-800">
                What was missing or unclear?
              </label>
              <textarea
                id={ids.comment}
                rows={3}
                maxLength={1000}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                className="mt-1 block w-full resize-none rounded-lg border-0 px-3 py-2 text-sm ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
              />
            </div>
          ) : null}
          <div className="flex items-start gap-2">
            <input
              id={ids.subscribe}
              type="checkbox"
              checked={subscribe}
              onChange={(e) => setSubscribe(e.target.checked)}
              className="mt-0.5 size-4 rounded border-ink-300 text-brand-600"
            />
            <label htmlFor={ids.subscribe} className="text-sm text-ink-700">
              Send me the weekly analytics summary
            </label>
          </div>
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
