import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';

/** The dismissible guest banner of the submit screen (SPEC.md §2). */
export function GuestBanner() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Alert
      variant="info"
      title="Ready to share your vision?"
      titleAs="h2"
      onDismiss={() => setOpen(false)}
      actions={
        <ButtonLink to="/login" size="sm">
          Sign In
        </ButtonLink>
      }
    >
      Sign in to publish predictions and get an instant quality analysis of each one.
    </Alert>
  );
}

export function WhyAccountCard() {
  return (
    <Card as="aside" aria-labelledby="why-account-title">
      <h2 id="why-account-title" className="text-base font-semibold text-ink-900">
        Why Create an Account?
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-ink-600 marker:text-brand-500">
        <li>Publish public or private predictions</li>
        <li>Get a quality score and advice for each</li>
        <li>Track your reliability over time</li>
      </ul>
      <ButtonLink to="/signup" fullWidth className="mt-5">
        Get Started Free
      </ButtonLink>
    </Card>
  );
}

const TIPS = [
  {
    title: 'Name a specific outcome',
    text: '“Electric cars will outsell petrol cars in Norway” beats “cars will change”.',
  },
  { title: 'Give it a time frame', text: 'A year or a date lets everyone check later whether it came true.' },
  {
    title: 'Use a measurable quantity',
    text: 'Numbers, thresholds and rankings make a prediction testable.',
  },
  { title: 'Commit to it', text: 'Hedges like “maybe” or “could possibly” lower the quality score.' },
];

export function PredictionTips() {
  return (
    <Card as="section" aria-labelledby="tips-title">
      <h2 id="tips-title" className="text-base font-semibold text-ink-900">
        What makes a strong prediction
      </h2>
      <ol className="mt-5 grid gap-5 sm:grid-cols-2">
        {TIPS.map((tip, index) => (
          <li key={tip.title} className="flex gap-4">
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-ink-900">{tip.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-ink-600">{tip.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
