import { lazy, Suspense, useState } from 'react';
import { FAQ } from './faq-content';
import type { FeedbackTarget } from './feedback-popup';

const FeedbackPopup = lazy(() => import('./feedback-popup'));

// Native <details>/<summary>: each item opens and closes on its own, by mouse or keyboard, and
// screen readers announce it as expanded or collapsed without any script.
/** `memberEmail`: a signed-in member's address, which the feedback popup uses instead of asking. */
export function Faq({ memberEmail = null }: { memberEmail?: string | null }) {
  const [target, setTarget] = useState<FeedbackTarget | null>(null);
  const [loaded, setLoaded] = useState(false);
  const ask = (faqIndex: number, feedbackType: 'like' | 'dislike') => {
    setLoaded(true);
    setTarget({ faqIndex, faqQuestion: FAQ[faqIndex]?.q ?? '', feedbackType });
  };
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="faq-title" className="text-center text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-ink-200 rounded-card bg-white ring-1 ring-ink-200/70 shadow-card">
        {FAQ.map((item, i) => (
          <details key={item.q} className="group px-5 py-1" data-testid={`faq-${i}`}>
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium text-ink-900 [&::-webkit-details-marker]:hidden">
              {item.q}
              <span
                aria-hidden="true"
                className="text-xl leading-none text-brand-600 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="pb-4 text-sm leading-relaxed text-ink-700">
              <p>{item.a}</p>
              <div className="mt-3 flex items-center gap-2 text-xs text-ink-500">
                <span id={`faq-helpful-${i}`}>Was this helpful?</span>
                <button
                  type="button"
                  aria-describedby={`faq-helpful-${i}`}
                  onClick={() => ask(i, 'like')}
                  className="rounded-md px-2 py-1 font-medium text-emerald-700 ring-1 ring-emerald-200 hover:bg-emerald-50"
                >
                  Yes
                </button>
                <button
                  type="button"
                  aria-describedby={`faq-helpful-${i}`}
                  onClick={() => ask(i, 'dislike')}
                  className="rounded-md px-2 py-1 font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  No
                </button>
              </div>
            </div>
          </details>
        ))}
      </div>
      {loaded ? (
        <Suspense fallback={null}>
          <FeedbackPopup target={target} memberEmail={memberEmail} onClose={() => setTarget(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
