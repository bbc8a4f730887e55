import { DEFAULT_SUBMIT_STATS } from '#shared/schemas/predictions.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useSubmitStats } from '../api/get-submit-stats';

const EXAMPLES = [
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

const number = (n: number) => n.toLocaleString('en-US');

/** 'Need Inspiration?': three examples and this week's counters (defaults until they load, and on failure). */
export function InspirationCard() {
  const { data } = useSubmitStats();
  const stats = data ?? DEFAULT_SUBMIT_STATS;
  return (
    <Card as="aside" aria-labelledby="inspiration-title" tone="brand">
      <h2 id="inspiration-title" className="text-base font-semibold text-ink-900">
        Need Inspiration?
      </h2>
      <ul className="mt-4 space-y-4">
        {EXAMPLES.map((example) => (
          <li key={example.category}>
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{example.category}</p>
            <p className="mt-1 text-sm leading-relaxed text-ink-700">“{example.text}”</p>
          </li>
        ))}
      </ul>
      <dl className="mt-6 grid grid-cols-2 gap-3 border-t border-brand-100 pt-5">
        <div className="rounded-xl bg-white p-3 ring-1 ring-brand-100">
          <dt className="text-xs font-medium text-ink-600">Predictions this week</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">
            {number(stats.predictionsThisWeek)}
          </dd>
        </div>
        <div className="rounded-xl bg-white p-3 ring-1 ring-brand-100">
          <dt className="text-xs font-medium text-ink-600">New Users This Week</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">
            {number(stats.newUsersThisWeek)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
