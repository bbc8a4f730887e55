import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useAuth } from '../auth-provider';

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

const INSPIRATION = [
  {
    category: 'AI & Technology',
    text: 'By 2030, more than half of new software code will be written with the help of AI assistants.',
  },
  {
    category: 'Climate & Environment',
    text: 'Solar will be the largest single source of new electricity capacity worldwide every year until 2030.',
  },
  {
    category: 'Economics & Markets',
    text: 'At least three G20 central banks will issue a retail digital currency before the end of 2028.',
  },
];

export function SubmitPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const [bannerOpen, setBannerOpen] = useState(true);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>Submit a Prediction · Futurecast</title>
      <PageHeader
        eyebrow="Submit"
        title="Share Your Vision of the Future"
        description="Write what you expect to happen in 10 to 500 characters, pick up to three categories, and choose whether it is public or private."
      />

      {!signedIn && bannerOpen ? (
        <Alert
          variant="info"
          className="mt-8"
          title="Ready to share your vision?"
          onDismiss={() => setBannerOpen(false)}
          actions={
            <ButtonLink to="/login" size="sm">
              Sign In
            </ButtonLink>
          }
        >
          Sign in to publish predictions and get an instant quality analysis of each one.
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card as="section" aria-labelledby="tips-title" padding="lg" className="lg:col-span-2">
          <h2 id="tips-title" className="text-lg font-semibold text-ink-900">
            What makes a strong prediction
          </h2>
          <ol className="mt-6 grid gap-5 sm:grid-cols-2">
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

        <div className="flex flex-col gap-6">
          <Card as="aside" aria-labelledby="inspiration-title" tone="brand">
            <h2 id="inspiration-title" className="text-base font-semibold text-ink-900">
              Need Inspiration?
            </h2>
            <ul className="mt-4 space-y-4">
              {INSPIRATION.map((example) => (
                <li key={example.category}>
                  <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                    {example.category}
                  </p>
                  <p className="mt-1 text-sm leading-relaxed text-ink-700">“{example.text}”</p>
                </li>
              ))}
            </ul>
          </Card>

          {signedIn ? null : (
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
          )}
        </div>
      </div>
    </div>
  );
}
