import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  ArrowRightIcon,
  ChartIcon,
  HeartIcon,
  ShieldIcon,
  SparklesIcon,
  TagIcon,
  TargetIcon,
  TrendIcon,
} from '../../components/ui/icons';
import { useAuth } from '../auth-provider';

const WHY_PREDICT = [
  {
    icon: SparklesIcon,
    title: 'Instant quality analysis',
    text: 'Every prediction is analysed the moment you publish it, with a quality score and concrete advice on what would make it sharper.',
  },
  {
    icon: TargetIcon,
    title: 'Build your reliability',
    text: 'Specific, measurable predictions raise your reliability score over time. Your dashboard shows how you are doing.',
  },
  {
    icon: TrendIcon,
    title: 'See what the community expects',
    text: 'Browse hot topics and public analytics to see which futures people are betting on, category by category.',
  },
];

const GUIDELINES = [
  {
    icon: ShieldIcon,
    title: 'No spam or duplicates',
    text: 'Share each vision once. Repeated or near-identical predictions are flagged.',
  },
  {
    icon: TargetIcon,
    title: 'Meaningful content',
    text: 'Say what will happen and roughly when, so the prediction can turn out right or wrong.',
  },
  {
    icon: TagIcon,
    title: 'Appropriate categories',
    text: 'Pick up to three categories that fit. When none does, choose Other.',
  },
  {
    icon: HeartIcon,
    title: 'Respectful predictions',
    text: 'Disagree with ideas, not people. No harassment, hate or personal attacks.',
  },
];

function Hero({ signedIn }: { signedIn: boolean }) {
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
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15 ring-inset">
          <SparklesIcon className="size-4" />
          Community forecasting
        </p>
        <h1
          id="hero-title"
          className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-display"
        >
          {signedIn ? 'Share Your Prediction or Expectation' : 'Join & Predict'}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">
          Publish a prediction about the future and find out how good it is. Futurecast scores every
          prediction for quality and reliability, and shows where the community thinks technology, markets,
          culture and more are heading.
        </p>
        <div className="mt-9 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={signedIn ? '/submit' : '/login'} variant="light" size="lg">
            {signedIn ? 'Submit a Prediction' : 'Get Started'}
            <ArrowRightIcon className="size-5" />
          </ButtonLink>
          <ButtonLink to="/analytics" variant="inverse" size="lg">
            <ChartIcon className="size-5" />
            Explore Analytics
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function FeatureGrid({
  id,
  title,
  intro,
  items,
  columns,
}: {
  id: string;
  title: string;
  intro: string;
  items: typeof WHY_PREDICT;
  columns: string;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="max-w-2xl">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-base leading-relaxed text-ink-600">{intro}</p>
      </div>
      <ul className={`mt-10 grid gap-5 ${columns}`}>
        {items.map(({ icon: Icon, title: itemTitle, text }) => (
          <Card as="li" key={itemTitle} className="flex flex-col">
            <div className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">
              <Icon className="size-6" />
            </div>
            <h3 className="mt-4 text-base font-semibold text-ink-900">{itemTitle}</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-600">{text}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}

function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="rounded-3xl bg-linear-to-br from-brand-700 to-accent-700 px-6 py-12 text-center text-white shadow-raised sm:px-12">
        <h2 id="closing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What do you see coming next?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-base text-brand-100">
          Put it in writing today, and let time and the community tell how good it was.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={signedIn ? '/submit' : '/login'} variant="light" size="lg">
            {signedIn ? 'Make Your Prediction' : 'Start Predicting'}
          </ButtonLink>
          <ButtonLink to="/analytics" variant="inverse" size="lg">
            View Analytics
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <>
      <title>Futurecast · Publish a prediction and find out how good it is</title>
      <Hero signedIn={signedIn} />
      <FeatureGrid
        id="why-predict"
        title="Why Predict"
        intro="Writing a prediction down is the best way to find out how well you read the world."
        items={WHY_PREDICT}
        columns="md:grid-cols-3"
      />
      <div className="border-y border-ink-200/70 bg-white">
        <FeatureGrid
          id="guidelines"
          title="Community Guidelines"
          intro="Four simple rules keep Futurecast useful for everyone."
          items={GUIDELINES}
          columns="sm:grid-cols-2 lg:grid-cols-4"
        />
      </div>
      <div className="pt-16 sm:pt-20">
        <ClosingCallToAction signedIn={signedIn} />
      </div>
    </>
  );
}
