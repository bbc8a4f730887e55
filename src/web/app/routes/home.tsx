import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import {
  HeartIcon,
  ShieldIcon,
  SparklesIcon,
  TagIcon,
  TargetIcon,
  TrendIcon,
} from '#web/components/ui/icons.tsx';
import { About, SocialLinks } from '#web/features/home/components/about.tsx';
import { Faq } from '#web/features/home/components/faq.tsx';
import { Hero } from '#web/features/home/components/hero.tsx';
import { CommunityPredictions } from '#web/features/community/components/community-predictions.tsx';
import { NewsAnalysis } from '#web/features/news/components/news-analysis.tsx';
import { ComingNext, StatsRow, useStatsFigures } from '#web/features/home/components/stats.tsx';
import { useAuth } from '#web/app/auth-provider.tsx';

// SPEC.md §2 'Home page (top to bottom)', items 1–10.

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
    <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 pb-12 sm:px-6">
      <div className="rounded-3xl bg-linear-to-br from-brand-700 to-accent-700 px-6 py-12 text-center text-white shadow-raised sm:px-12">
        <h2 id="closing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready to put your vision on record?
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
  const { status, user, claimed } = useAuth();
  // While a member's profile loads, the page is laid out for the member the token names.
  const signedIn = status !== 'anonymous';
  const me = user ?? claimed;
  const figures = useStatsFigures();
  return (
    <>
      <title>Futurecast · Publish a prediction and find out how good it is</title>
      <section aria-labelledby="hot-topics-title" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 sm:pt-14">
        <h2 id="hot-topics-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          Hot Topics
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          What the community expects, and the news it is reacting to.
        </p>
        <div className="mt-6 grid gap-5 lg:grid-cols-2">
          <CommunityPredictions userId={me?.id ?? null} />
          <NewsAnalysis />
        </div>
      </section>
      <div className="mt-10 sm:mt-14">
        <Hero signedIn={signedIn} username={me?.username ?? null} />
      </div>
      <ComingNext figures={figures} signedIn={signedIn} />
      {/* Far below the first screen: laid out only as it nears the viewport (styles.css). */}
      <div className="below-the-fold">
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
        <StatsRow figures={figures} />
        <About figures={figures} />
        <Faq memberEmail={user?.email ?? null} />
        <ClosingCallToAction signedIn={signedIn} />
        <SocialLinks />
      </div>
    </>
  );
}
