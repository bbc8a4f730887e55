import { Link } from 'react-router';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { ArrowRightIcon, ChartIcon, SparklesIcon } from '#web/components/ui/icons.tsx';
import { JoinPredictButton } from './join-predict';

export function Hero({ signedIn, username }: { signedIn: boolean; username: string | null }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-accent-700),transparent_55%),radial-gradient(ellipse_at_bottom_left,var(--color-brand-800),transparent_60%)]"
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 800 300"
        preserveAspectRatio="none"
        className="absolute inset-x-0 bottom-0 -z-10 h-48 w-full text-accent-300/25 sm:h-64"
      >
        <path
          d="M0 260 C120 250 170 190 260 200 S400 140 480 150 620 60 800 40"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        />
        <path
          d="M0 280 C140 270 200 230 300 235 S450 190 540 190 680 120 800 110"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15 ring-inset">
          <SparklesIcon className="size-4" />
          Community forecasting
        </p>
        <h1
          id="hero-title"
          className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-display"
        >
          {signedIn ? (
            <>
              What do you see coming, <bdi>{username ?? 'forecaster'}</bdi>?
            </>
          ) : (
            'Join & Predict the Future'
          )}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">
          Publish a prediction about the future and find out how good it is. Futurecast scores every
          prediction for quality and reliability, and shows where the community thinks technology, markets,
          culture and more are heading.
        </p>
        <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:items-center">
          {signedIn ? (
            <ButtonLink to="/submit" variant="light" size="lg">
              Share Your Prediction or Expectation
              <ArrowRightIcon className="size-5" />
            </ButtonLink>
          ) : (
            <JoinPredictButton />
          )}
          <ButtonLink to="/analytics" variant="inverse" size="lg">
            <ChartIcon className="size-5" />
            Explore Analytics
          </ButtonLink>
        </div>
        {signedIn ? null : (
          <p className="mt-5 text-sm text-brand-100">
            Already a member?{' '}
            <Link to="/login" className="font-semibold text-white underline underline-offset-4">
              Sign in
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
