import { Badge } from '#web/components/ui/badge.tsx';
import { MailIcon } from '#web/components/ui/icons.tsx';
import { site } from '#web/lib/site.ts';
import { countOf } from '#shared/rules/numbers.ts';
import type { StatsFigures } from './stats';

export function About({ figures }: { figures: StatsFigures }) {
  return (
    <section aria-labelledby="about-title" className="border-y border-ink-200/70 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="about-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            About Futurecast
          </h2>
          <p className="mt-4 leading-relaxed text-ink-700">
            Our mission is to make thinking about the future a habit, and an honest one. Writing a prediction
            down, specifically enough that it can turn out wrong, is the best way to learn how well you read
            the world. Futurecast gives every prediction an explainable quality score and lets the community
            weigh in.
          </p>
          <p className="mt-4 text-sm text-ink-600">
            {countOf(figures.dataPoints, 'prediction')} analysed so far.
          </p>
        </div>
        <div className="rounded-card bg-brand-50 p-6 ring-1 ring-brand-100">
          <h3 className="font-semibold text-ink-900">Get in touch</h3>
          <p className="mt-2 text-sm text-ink-700">
            Questions, ideas or a prediction you want us to feature? Write to us.
          </p>
          <a
            href={`mailto:${site.contactEmail}`}
            className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <MailIcon className="size-5" />
            {site.contactEmail}
          </a>
        </div>
      </div>
    </section>
  );
}

const social = () => [
  { name: 'Telegram', href: site.telegramUrl, active: true },
  { name: 'LinkedIn', href: site.linkedinUrl, active: true },
  { name: 'X', href: null, active: false },
  { name: 'Instagram', href: null, active: false },
];

/** SPEC.md §2 item 10: a messaging app and a professional network active, two others 'Soon'. */
export function SocialLinks() {
  return (
    <nav aria-label="Futurecast on social media" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <ul className="flex flex-wrap items-center justify-center gap-3">
        {social().map((s) => (
          <li key={s.name}>
            {s.active && s.href ? (
              <a
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-10 items-center rounded-full bg-white px-4 text-sm font-semibold text-brand-700 ring-1 ring-ink-200 hover:bg-brand-50"
              >
                {s.name}
              </a>
            ) : (
              <span
                aria-disabled="true"
                className="inline-flex h-10 cursor-not-allowed items-center gap-2 rounded-full bg-ink-100 px-4 text-sm font-semibold text-ink-500"
              >
                {s.name}
                <Badge>Soon</Badge>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
